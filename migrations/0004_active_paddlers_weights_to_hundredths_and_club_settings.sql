-- Paddlers who no longer paddle stay on the roster (their history still names them) but are inactive:
-- kept off the benches, warned about where seated (`lineup roster update --inactive`, an import's Status).
ALTER TABLE paddler ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));

-- Weights are kept to hundredths of a kilogram (10 g), the precision exports write, so an export read
-- back changes nothing. Weights entered in pounds had more digits (150 lb was 68.0388555 kg).
UPDATE paddler SET weight_kg = max(0.01, round(weight_kg, 2)) WHERE weight_kg <> round(weight_kg, 2);

-- A new paddler joins the end of every bench, unless they arrive inactive.
DROP TRIGGER paddler_joins_every_bench;

CREATE TRIGGER paddler_joins_every_bench
AFTER INSERT ON paddler
WHEN NEW.active = 1
BEGIN
    INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT boat.id, NEW.id, 'bench',
        1 + coalesce(
            (SELECT max(position) FROM placement WHERE placement.boat_id = boat.id AND section = 'bench'), 0)
    FROM boat;
END;

-- A new boat starts with the active roster on its bench, in name order.
DROP TRIGGER boat_starts_with_roster_on_bench;

CREATE TRIGGER boat_starts_with_roster_on_bench
AFTER INSERT ON boat
BEGIN
    INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT NEW.id, id, 'bench', row_number() OVER (ORDER BY name_key, id)
    FROM paddler WHERE active = 1;
END;

-- Club-wide settings other than the balance model's figures.
CREATE TABLE club_setting (
    name TEXT PRIMARY KEY CHECK (name IN ('weight-unit')),
    value TEXT NOT NULL,
    CHECK (name <> 'weight-unit' OR value IN ('kg', 'lb'))
) WITHOUT ROWID;

-- The balance model's figures per boat kind: a small boat's rows are further apart than a standard
-- boat's. Figures a club had set apply to both kinds, as they did.
CREATE TABLE balance_setting_of_kind (
    kind TEXT NOT NULL CHECK (kind IN ('standard', 'small')),
    name TEXT NOT NULL CHECK (name IN (
        'row-spacing-m', 'drummer-offset-rows', 'steerer-offset-rows', 'middle-half-width-m',
        'end-half-width-m', 'drum-kg', 'steering-oar-kg')),
    value REAL NOT NULL CHECK (typeof(value) = 'real' AND value >= 0),
    PRIMARY KEY (kind, name)
) WITHOUT ROWID;

INSERT INTO balance_setting_of_kind (kind, name, value)
SELECT kinds.kind, balance_setting.name, balance_setting.value
FROM balance_setting, (SELECT 'standard' AS kind UNION ALL SELECT 'small') AS kinds;

DROP TABLE balance_setting;
