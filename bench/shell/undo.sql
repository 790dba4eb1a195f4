-- What `lineup undo` does to the database: the boat's newest record marked undone and its moves taken
-- back, in one IMMEDIATE transaction with the change stamped. Run by bench/run.sh.
PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
CREATE TEMP TABLE record AS
    SELECT id FROM history WHERE boat_id = 1 AND undone = 0 ORDER BY id DESC LIMIT 1;
CREATE TEMP TABLE moved AS
    SELECT paddler_id, from_section AS section, from_position AS position FROM history_move
    WHERE history_id = (SELECT id FROM record);
UPDATE history SET undone = 1 WHERE id = (SELECT id FROM record);
DELETE FROM placement WHERE boat_id = 1 AND paddler_id IN (SELECT paddler_id FROM moved);
INSERT INTO placement (boat_id, paddler_id, section, position) SELECT 1, paddler_id, section, position FROM moved;
PRAGMA user_version = 7;
COMMIT;
