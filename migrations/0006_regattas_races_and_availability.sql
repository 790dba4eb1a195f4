-- Race day: a regatta is a day of racing; each race starts at a time of day and is raced by one boat's lineup
-- (heats and finals may share a boat or have their own); availability says who is there when.

-- Dates are YYYY-MM-DD, checked to be real days: with a modifier, date() rolls 2026-02-30 over to
-- 2026-03-02, which then differs (without one it returns the text unchecked). The minimum gap is the
-- shortest start-to-start time between two races of one paddler. Regatta and race names follow the rules
-- of paddler and boat names (0005): what can never be part of a name (control characters, line and
-- paragraph separators, direction controls, the byte-order mark) is refused here too, for any program
-- that writes to the file.
CREATE TABLE regatta (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name))
        CHECK (NOT name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(1564)
            || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294) || '-' || char(8297)
            || char(65279) || ']*'),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) >= 1),
    date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(date, '+0 days') IS date),
    minimum_gap_minutes INTEGER NOT NULL DEFAULT 30
        CHECK (typeof(minimum_gap_minutes) = 'integer' AND minimum_gap_minutes BETWEEN 0 AND 720),
    created_at TEXT NOT NULL
);

-- Start times are minutes since midnight in the regatta's local time (0 = 00:00, 1439 = 23:59). A race's
-- boat must exist, and a boat that races cannot be deleted (RESTRICT; `boat delete` names the races).
-- `rules` is the race's own crew-rule preset; NULL means the rules of its boat.
CREATE TABLE race (
    id INTEGER PRIMARY KEY,
    regatta_id INTEGER NOT NULL REFERENCES regatta(id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name))
        CHECK (NOT name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(1564)
            || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294) || '-' || char(8297)
            || char(65279) || ']*'),
    name_key TEXT NOT NULL CHECK (length(name_key) >= 1),
    start_minute INTEGER NOT NULL CHECK (typeof(start_minute) = 'integer' AND start_minute BETWEEN 0 AND 1439),
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE RESTRICT,
    rules TEXT CHECK (rules IS NULL OR rules IN ('open', 'women', 'idbf-mixed')),
    UNIQUE (regatta_id, name_key)
);

CREATE INDEX race_by_boat ON race(boat_id);

-- Availability per paddler once per regatta. No row: available all day. Absent, or a window: from
-- (races starting then or later) until (races starting before then); a window is never empty.
CREATE TABLE availability (
    regatta_id INTEGER NOT NULL REFERENCES regatta(id) ON DELETE CASCADE,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    absent INTEGER NOT NULL DEFAULT 0 CHECK (absent IN (0, 1)),
    from_minute INTEGER CHECK (from_minute IS NULL OR (typeof(from_minute) = 'integer' AND from_minute BETWEEN 0 AND 1439)),
    until_minute INTEGER CHECK (until_minute IS NULL OR (typeof(until_minute) = 'integer' AND until_minute BETWEEN 0 AND 1439)),
    CHECK (absent = 0 OR (from_minute IS NULL AND until_minute IS NULL)),
    CHECK (absent = 1 OR from_minute IS NOT NULL OR until_minute IS NOT NULL),
    CHECK (from_minute IS NULL OR until_minute IS NULL OR from_minute < until_minute),
    PRIMARY KEY (regatta_id, paddler_id)
) WITHOUT ROWID;

CREATE INDEX availability_by_paddler ON availability(paddler_id);
