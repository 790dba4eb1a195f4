-- What `lineup show` reads, as the sqlite3 shell can print it: the boat's seats and bench with names and
-- weights, without writing the file. Run by bench/run.sh.
PRAGMA query_only = 1;
SELECT placement.section, placement.position, paddler.name, paddler.weight_kg
FROM placement JOIN paddler ON paddler.id = placement.paddler_id
WHERE placement.boat_id = 1 ORDER BY placement.section, placement.position;
