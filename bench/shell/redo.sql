-- What `lineup redo` does to the database: the boat's oldest undone record applied again. Run by
-- bench/run.sh.
PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
CREATE TEMP TABLE record AS
    SELECT id FROM history WHERE boat_id = 1 AND undone = 1 ORDER BY id ASC LIMIT 1;
CREATE TEMP TABLE moved AS
    SELECT paddler_id, to_section AS section, to_position AS position FROM history_move
    WHERE history_id = (SELECT id FROM record);
UPDATE history SET undone = 0 WHERE id = (SELECT id FROM record);
DELETE FROM placement WHERE boat_id = 1 AND paddler_id IN (SELECT paddler_id FROM moved);
INSERT INTO placement (boat_id, paddler_id, section, position) SELECT 1, paddler_id, section, position FROM moved;
PRAGMA user_version = 7;
COMMIT;
