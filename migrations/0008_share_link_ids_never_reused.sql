-- A share link's id is never given again once the link is revoked (AUTOINCREMENT): a coach who revokes by
-- an id read from an older `lineup share --list` must never revoke a newer link that took the same id.
-- SQLite adds AUTOINCREMENT only by making the table again; every link and its id are kept.
CREATE TABLE share_link_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    boat_id INTEGER NOT NULL REFERENCES boat (id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE CHECK (length(token_digest) = 64 AND token_digest NOT GLOB '*[^0-9a-f]*'),
    shows_weights INTEGER NOT NULL CHECK (shows_weights IN (0, 1)),
    created_at TEXT NOT NULL
);
INSERT INTO share_link_new (id, boat_id, token_digest, shows_weights, created_at)
    SELECT id, boat_id, token_digest, shows_weights, created_at FROM share_link;
DROP TABLE share_link;
ALTER TABLE share_link_new RENAME TO share_link;
CREATE INDEX share_link_by_boat ON share_link (boat_id);
