-- A share link opens one boat's chart or a whole regatta's day (schedule and crews), never both, never
-- neither. SQLite changes a column's constraints only by making the table again; every link keeps its id,
-- and ids stay never given again (the sequence is carried over, even past links revoked since).
CREATE TABLE share_link_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    boat_id INTEGER REFERENCES boat (id) ON DELETE CASCADE,
    regatta_id INTEGER REFERENCES regatta (id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE CHECK (length(token_digest) = 64 AND token_digest NOT GLOB '*[^0-9a-f]*'),
    shows_weights INTEGER NOT NULL CHECK (shows_weights IN (0, 1)),
    created_at TEXT NOT NULL,
    CHECK ((boat_id IS NULL) <> (regatta_id IS NULL))
);
INSERT INTO share_link_new (id, boat_id, regatta_id, token_digest, shows_weights, created_at)
    SELECT id, boat_id, NULL, token_digest, shows_weights, created_at FROM share_link;
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'share_link_new', seq FROM sqlite_sequence
    WHERE name = 'share_link' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'share_link_new');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'share_link'))
    WHERE name = 'share_link_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'share_link');
DROP TABLE share_link;
ALTER TABLE share_link_new RENAME TO share_link;
CREATE INDEX share_link_by_boat ON share_link (boat_id);
CREATE INDEX share_link_by_regatta ON share_link (regatta_id);
