-- What `lineup unlock S` does to the database: a history record with its lock change, and the seat's
-- lock itself, in one IMMEDIATE transaction with the change stamped. Run by bench/run.sh.
PRAGMA foreign_keys = ON;
PRAGMA synchronous = FULL;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
DELETE FROM history WHERE boat_id = 1 AND undone = 1;
INSERT INTO history (boat_id, created_at, summary) VALUES (1, strftime('%Y-%m-%d %H:%M:%f', 'now'), 'unlock S');
INSERT INTO history_lock (history_id, section, position, locked) VALUES (last_insert_rowid(), 'steerer', 1, 0);
DELETE FROM seat_lock WHERE boat_id = 1 AND section = 'steerer' AND position = 1;
PRAGMA user_version = 7;
COMMIT;
