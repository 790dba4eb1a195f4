-- Seat roles and rows: the part of the boat each paddler is for, the rows they may sit in and the rows they
-- prefer; and per boat, the role it wants in each row.
--
-- A set of rows is an integer bit mask: row n is bit n - 1, so rows 1-10 are 1 to 1023 (rows 1-2 are 3,
-- rows 2-10 are 1022). A paddler's NULL is every row (or no preference); an empty set (0) is never stored
-- for a paddler, since it would leave them no row to sit in.

-- The part of the boat a paddler is for: stroke (the front rows, pacers), engine, rear, or any.
ALTER TABLE paddler ADD COLUMN seat_role TEXT NOT NULL DEFAULT 'any'
    CHECK (seat_role IN ('stroke', 'engine', 'rear', 'any'));

-- The only rows a paddler may sit in; NULL for every row.
ALTER TABLE paddler ADD COLUMN seat_rows INTEGER
    CHECK (seat_rows IS NULL OR (typeof(seat_rows) = 'integer' AND seat_rows BETWEEN 1 AND 1023));

-- The rows a paddler would rather sit in, always among the rows they may sit in; NULL for no preference.
ALTER TABLE paddler ADD COLUMN preferred_rows INTEGER
    CHECK (preferred_rows IS NULL OR (typeof(preferred_rows) = 'integer' AND preferred_rows BETWEEN 1 AND 1023
        AND (seat_rows IS NULL OR (preferred_rows & ~seat_rows) = 0)));

-- The rows a boat wants for each role, within the boat's rows (1 to row_count), each row wanted for at most
-- one role; a role may want no row (0). All three NULL: the defaults for the boat's kind (a standard boat
-- stroke 1-2, engine 3-8, rear 9-10; a small boat stroke 1, engine 2-4, rear 5). Either all three are set
-- or none.
ALTER TABLE boat ADD COLUMN stroke_rows INTEGER
    CHECK (stroke_rows IS NULL OR (typeof(stroke_rows) = 'integer'
        AND stroke_rows BETWEEN 0 AND (1 << row_count) - 1));
ALTER TABLE boat ADD COLUMN engine_rows INTEGER
    CHECK (engine_rows IS NULL OR (typeof(engine_rows) = 'integer'
        AND engine_rows BETWEEN 0 AND (1 << row_count) - 1));
ALTER TABLE boat ADD COLUMN rear_rows INTEGER
    CHECK (rear_rows IS NULL OR (typeof(rear_rows) = 'integer' AND rear_rows BETWEEN 0 AND (1 << row_count) - 1))
    CHECK ((stroke_rows IS NULL) = (engine_rows IS NULL) AND (engine_rows IS NULL) = (rear_rows IS NULL))
    CHECK (stroke_rows IS NULL
        OR ((stroke_rows & engine_rows) = 0 AND (stroke_rows & rear_rows) = 0 AND (engine_rows & rear_rows) = 0));
