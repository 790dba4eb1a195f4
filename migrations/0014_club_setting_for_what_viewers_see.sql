-- Whether viewers (accounts that sign in to `lineup serve` to look, not to change) see paddlers' weights:
-- a club setting (`lineup config viewers --weights shown|hidden`), hidden unless set. SQLite cannot change a
-- CHECK, so the table is made again with its rows (it has no references, triggers or indexes of its own).
CREATE TABLE club_setting_new (
    name TEXT PRIMARY KEY CHECK (name IN ('weight-unit', 'viewer-weights')),
    value TEXT NOT NULL,
    CHECK (name <> 'weight-unit' OR value IN ('kg', 'lb')),
    CHECK (name <> 'viewer-weights' OR value IN ('shown', 'hidden'))
) WITHOUT ROWID;

INSERT INTO club_setting_new (name, value) SELECT name, value FROM club_setting;
DROP TABLE club_setting;
ALTER TABLE club_setting_new RENAME TO club_setting;
