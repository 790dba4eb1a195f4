-- A new paddler joins the end of every bench. The end is found through the placement's
-- (boat_id, section, position) index: max(position), which equals the bench's length because the bench
-- has no holes. Counting the bench instead visited every bench row, so importing n paddlers took n² steps
-- (100,000 paddlers: minutes instead of seconds).
DROP TRIGGER paddler_joins_every_bench;

CREATE TRIGGER paddler_joins_every_bench
AFTER INSERT ON paddler
BEGIN
    INSERT INTO placement (boat_id, paddler_id, section, position)
    SELECT boat.id, NEW.id, 'bench',
        1 + coalesce(
            (SELECT max(position) FROM placement WHERE placement.boat_id = boat.id AND section = 'bench'), 0)
    FROM boat;
END;

-- The bench rule is a deferred foreign key from each bench place to the one before it. When a place is
-- inserted, SQLite looks for the places that refer to it; without an index on the referring columns that
-- was a scan of the whole table for every new place.
CREATE INDEX placement_by_previous_bench_position ON placement(boat_id, section, previous_bench_position);

-- `history` lists a boat's newest records, undone or not: without this index it sorted the boat's whole
-- history first (6.6 times slower at 100,000 records than at 20).
CREATE INDEX history_by_boat_newest ON history(boat_id, id);
