-- A race added as a copy of another's boat (`race add --copy-from`, a final copied from its heat) carries that
-- race's crew: the link is stored, so that planning keeps the two crews together however far they have drifted
-- apart since (before this, the planner could only guess it from the seats the two boats share). NULL: no link
-- (every race added before this, and races in a boat of their own or a shared one). Removing the heat leaves
-- the final without a link. A race carries the crew of another race of its own regatta, never its own.
ALTER TABLE race ADD COLUMN carries_crew_of INTEGER REFERENCES race(id) ON DELETE SET NULL
    CHECK (carries_crew_of IS NULL OR (typeof(carries_crew_of) = 'integer' AND carries_crew_of <> id));

CREATE TRIGGER race_carries_a_crew_of_its_own_regatta_on_insert BEFORE INSERT ON race
WHEN NEW.carries_crew_of IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM race WHERE id = NEW.carries_crew_of AND regatta_id = NEW.regatta_id)
BEGIN
    SELECT RAISE(ABORT, 'a race carries the crew of a race of its own regatta');
END;

CREATE TRIGGER race_carries_a_crew_of_its_own_regatta_on_update BEFORE UPDATE OF carries_crew_of, regatta_id ON race
WHEN NEW.carries_crew_of IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM race WHERE id = NEW.carries_crew_of AND regatta_id = NEW.regatta_id)
BEGIN
    SELECT RAISE(ABORT, 'a race carries the crew of a race of its own regatta');
END;
