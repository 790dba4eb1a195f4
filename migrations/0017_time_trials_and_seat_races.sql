-- Strength from evidence (issue 21): time trials with their results, and seat-race sessions with their pieces and
-- who sat in which crew. Names are unique ignoring case (name_key); times are seconds, positive and under two
-- hours; distances whole metres up to 100 km.

CREATE TABLE time_trial (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) >= 1),
    distance_m INTEGER NOT NULL CHECK (typeof(distance_m) = 'integer' AND distance_m BETWEEN 1 AND 100000),
    day TEXT CHECK (day IS NULL OR (
        day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(day, '+0 days') IS day)),
    created_at TEXT NOT NULL
);

-- One timed result: one paddler alone, or a small crew (OC2, a timed boat), listed in time_trial_paddler.
CREATE TABLE time_trial_result (
    id INTEGER PRIMARY KEY,
    trial_id INTEGER NOT NULL REFERENCES time_trial(id) ON DELETE CASCADE,
    seconds REAL NOT NULL CHECK (typeof(seconds) = 'real' AND seconds > 0 AND seconds < 7200)
);
CREATE INDEX time_trial_result_by_trial ON time_trial_result (trial_id);

CREATE TABLE time_trial_paddler (
    result_id INTEGER NOT NULL REFERENCES time_trial_result(id) ON DELETE CASCADE,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    PRIMARY KEY (result_id, paddler_id)
) WITHOUT ROWID;
CREATE INDEX time_trial_paddler_by_paddler ON time_trial_paddler (paddler_id);

-- A seat-race session: two crews (named by a letter or short word, first and second) racing pieces.
CREATE TABLE seat_race (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) >= 1),
    first_crew TEXT NOT NULL DEFAULT 'Q' CHECK (length(first_crew) BETWEEN 1 AND 20),
    second_crew TEXT NOT NULL DEFAULT 'R' CHECK (length(second_crew) BETWEEN 1 AND 20 AND second_crew <> first_crew),
    created_at TEXT NOT NULL
);

-- One piece: the two crews' times; the margin (the second crew's lead) is first_seconds - second_seconds.
CREATE TABLE seat_race_piece (
    seat_race_id INTEGER NOT NULL REFERENCES seat_race(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (typeof(number) = 'integer' AND number BETWEEN 1 AND 1000),
    first_seconds REAL NOT NULL CHECK (typeof(first_seconds) = 'real' AND first_seconds > 0 AND first_seconds < 7200),
    second_seconds REAL NOT NULL
        CHECK (typeof(second_seconds) = 'real' AND second_seconds > 0 AND second_seconds < 7200),
    PRIMARY KEY (seat_race_id, number)
) WITHOUT ROWID;

-- Who sat where in a piece: one crew per paddler per piece (the key), a side of the boat, crew 0 (first) or 1.
CREATE TABLE seat_race_seat (
    seat_race_id INTEGER NOT NULL,
    piece INTEGER NOT NULL,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    side TEXT NOT NULL CHECK (side IN ('left', 'right')),
    crew INTEGER NOT NULL CHECK (typeof(crew) = 'integer' AND crew IN (0, 1)),
    PRIMARY KEY (seat_race_id, piece, paddler_id),
    FOREIGN KEY (seat_race_id, piece) REFERENCES seat_race_piece(seat_race_id, number) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX seat_race_seat_by_paddler ON seat_race_seat (paddler_id);
