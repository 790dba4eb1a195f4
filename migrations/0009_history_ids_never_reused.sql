-- A history record's id is never given again once the record is deleted (AUTOINCREMENT), as for share links
-- (0008): a new change deletes the undone records after it, and `history prune` deletes old ones, so without
-- it the next change took the id of a record just deleted, and an id read from an older `lineup history`
-- named another change. SQLite adds AUTOINCREMENT only by making the table again: every record keeps its id,
-- its moves and locks (which refer to it by id) stay as they are, and both indexes are made again. Ids
-- deleted before this migration left no trace; from here on the sequence starts above the largest id kept.
CREATE TABLE history_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    boat_id INTEGER NOT NULL REFERENCES boat(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    summary TEXT NOT NULL CHECK (length(summary) >= 1),
    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
INSERT INTO history_new (id, boat_id, created_at, summary, undone)
    SELECT id, boat_id, created_at, summary, undone FROM history;
DROP TABLE history;
ALTER TABLE history_new RENAME TO history;
CREATE INDEX history_by_boat ON history(boat_id, undone, id);
CREATE INDEX history_by_boat_newest ON history(boat_id, id);
