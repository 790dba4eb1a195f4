-- The lineup schema. One database file is one club: a roster of paddlers and any number of boats.
-- The constraints and triggers here guard the invariants; the Swift code only gives friendlier messages first.

-- The club roster. `name_key` is the trimmed, case-folded name the application computes: names are unique
-- case-insensitively for every script, which SQLite's NOCASE (ASCII only) could not promise.
CREATE TABLE paddler (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) >= 1),
    weight_kg REAL CHECK (weight_kg IS NULL OR (typeof(weight_kg) = 'real' AND weight_kg > 0 AND weight_kg < 300)),
    sex TEXT CHECK (sex IS NULL OR sex IN ('F', 'M', 'X')),
    side TEXT NOT NULL DEFAULT 'either' CHECK (side IN ('left', 'right', 'either')),
    can_drum INTEGER NOT NULL DEFAULT 0 CHECK (can_drum IN (0, 1)),
    can_steer INTEGER NOT NULL DEFAULT 0 CHECK (can_steer IN (0, 1)),
    notes TEXT NOT NULL DEFAULT ''
);

-- A boat is one lineup. Its number of rows follows from its kind.
CREATE TABLE boat (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = trim(name)),
    name_key TEXT NOT NULL UNIQUE CHECK (length(name_key) >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('standard', 'small')),
    row_count INTEGER NOT NULL CHECK (row_count = CASE kind WHEN 'standard' THEN 10 ELSE 5 END),
    created_at TEXT NOT NULL
);

-- Where each paddler is in each boat: one row per (boat, paddler), one paddler per place.
-- Drummer and steerer have position 1; left and right seats are rows 1...row_count; the bench is 1...n.
CREATE TABLE placement (
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE CASCADE,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    section TEXT NOT NULL CHECK (section IN ('drummer', 'left', 'right', 'steerer', 'bench')),
    position INTEGER NOT NULL CHECK (position >= 1 AND (section NOT IN ('drummer', 'steerer') OR position = 1)),
    -- The bench has no holes: every bench position after the first needs the one before it.
    -- Checked at commit (deferred), so a transaction may reorder the bench freely.
    previous_bench_position INTEGER GENERATED ALWAYS AS
        (CASE WHEN section = 'bench' AND position > 1 THEN position - 1 END) VIRTUAL,
    PRIMARY KEY (boat_id, paddler_id),
    UNIQUE (boat_id, section, position),
    FOREIGN KEY (boat_id, section, previous_bench_position)
        REFERENCES placement(boat_id, section, position) DEFERRABLE INITIALLY DEFERRED
) WITHOUT ROWID;

CREATE INDEX placement_by_paddler ON placement(paddler_id);

CREATE TRIGGER placement_seat_within_boat_on_insert
BEFORE INSERT ON placement
WHEN NEW.section IN ('left', 'right') AND NEW.position > (SELECT row_count FROM boat WHERE id = NEW.boat_id)
BEGIN
    SELECT RAISE(ABORT, 'seat is beyond the rows of the boat');
END;

CREATE TRIGGER placement_seat_within_boat_on_update
BEFORE UPDATE ON placement
WHEN NEW.section IN ('left', 'right') AND NEW.position > (SELECT row_count FROM boat WHERE id = NEW.boat_id)
BEGIN
    SELECT RAISE(ABORT, 'seat is beyond the rows of the boat');
END;

-- A new paddler joins the end of every boat's bench.
CREATE TRIGGER paddler_joins_every_bench
AFTER INSERT ON paddler
BEGIN
    INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT boat.id, NEW.id, 'bench',
        1 + (SELECT count(*) FROM placement WHERE placement.boat_id = boat.id AND section = 'bench')
    FROM boat;
END;

-- A new boat starts with the whole roster on its bench, in name order.
CREATE TRIGGER boat_starts_with_roster_on_bench
AFTER INSERT ON boat
BEGIN
    INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT NEW.id, id, 'bench', row_number() OVER (ORDER BY name_key, id)
    FROM paddler;
END;

-- Locks belong to seats, not people. The bench cannot be locked: its positions shift.
CREATE TABLE seat_lock (
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE CASCADE,
    section TEXT NOT NULL CHECK (section IN ('drummer', 'left', 'right', 'steerer')),
    position INTEGER NOT NULL CHECK (position >= 1 AND (section NOT IN ('drummer', 'steerer') OR position = 1)),
    PRIMARY KEY (boat_id, section, position)
) WITHOUT ROWID;

-- The undo history: per boat, linear. Undone records are a suffix of a boat's history;
-- a new change deletes them.
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    summary TEXT NOT NULL CHECK (length(summary) >= 1),
    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);

CREATE INDEX history_by_boat ON history(boat_id, undone, id);

-- Each paddler a record moved, with stable ids. The name is kept so that a record whose paddler
-- has left the roster can still say who it was about.
CREATE TABLE history_move (
    history_id INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,
    paddler_id INTEGER REFERENCES paddler(id) ON DELETE SET NULL,
    paddler_name TEXT NOT NULL,
    from_section TEXT NOT NULL CHECK (from_section IN ('drummer', 'left', 'right', 'steerer', 'bench')),
    from_position INTEGER NOT NULL CHECK (from_position >= 1),
    to_section TEXT NOT NULL CHECK (to_section IN ('drummer', 'left', 'right', 'steerer', 'bench')),
    to_position INTEGER NOT NULL CHECK (to_position >= 1)
);

CREATE INDEX history_move_by_record ON history_move(history_id);
CREATE INDEX history_move_by_paddler ON history_move(paddler_id);

-- Each seat a record locked or unlocked; `locked` is the state after the change.
CREATE TABLE history_lock (
    history_id INTEGER NOT NULL REFERENCES history(id) ON DELETE CASCADE,
    section TEXT NOT NULL CHECK (section IN ('drummer', 'left', 'right', 'steerer')),
    position INTEGER NOT NULL CHECK (position >= 1),
    locked INTEGER NOT NULL CHECK (locked IN (0, 1))
);

CREATE INDEX history_lock_by_record ON history_lock(history_id);

-- The boat chosen with `lineup use`: at most one.
CREATE TABLE current_boat (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE CASCADE
);
