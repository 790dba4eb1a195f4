-- The crew rules a boat races under, by preset name (`lineup boat create --rules`, `lineup boat rules`).
ALTER TABLE boat ADD COLUMN rules TEXT NOT NULL DEFAULT 'open'
    CHECK (rules IN ('open', 'women', 'idbf-mixed'));

-- The club's own figures for the balance model (`lineup config balance`); a figure not here takes its
-- default. Ranges are the application's; the schema keeps names known and values real numbers.
CREATE TABLE balance_setting (
    name TEXT PRIMARY KEY CHECK (name IN (
        'row-spacing-m', 'drummer-offset-rows', 'steerer-offset-rows', 'middle-half-width-m',
        'end-half-width-m', 'drum-kg', 'steering-oar-kg')),
    value REAL NOT NULL CHECK (typeof(value) = 'real' AND value >= 0)
) WITHOUT ROWID;
