-- What `lineup exchange L1 R1` does to the database, as the sqlite3 shell can say it: one IMMEDIATE
-- transaction that ends the redo branch, writes the history record with its two moves, swaps the two
-- placements and stamps the change (user_version), with lineup's settings. Run by bench/run.sh.
PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
CREATE TEMP TABLE pair AS
    SELECT paddler_id, section, position FROM placement
    WHERE boat_id = 1 AND section IN ('left', 'right') AND position = 1;
DELETE FROM history WHERE boat_id = 1 AND undone = 1;
INSERT INTO history (boat_id, created_at, summary) VALUES (1, strftime('%Y-%m-%d %H:%M:%f', 'now'), 'L1 ⇄ R1');
INSERT INTO history_move (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
    SELECT (SELECT max(id) FROM history), a.paddler_id, p.name, a.section, a.position, b.section, b.position
    FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id JOIN paddler p ON p.id = a.paddler_id;
DELETE FROM placement WHERE boat_id = 1 AND paddler_id IN (SELECT paddler_id FROM pair);
INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT 1, a.paddler_id, b.section, b.position FROM pair a JOIN pair b ON a.paddler_id <> b.paddler_id;
PRAGMA user_version = 7;
COMMIT;
