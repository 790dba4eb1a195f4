-- Removing a paddler from the roster keeps everyone else's strength evidence honest.
--
-- Time trials: a crew's time with a removed member would otherwise read as the others' time alone (the removed
-- member's link cascades away). Removal drops every trial time the paddler was part of, alone or in a crew, and
-- a trial left with no time at all.
--
-- Seat races: a removed paddler's seats would cascade away and the session would no longer hold together. Their
-- seats are kept here under the name they had, so that the swaps that did not move them still read.
CREATE TABLE seat_race_removed_seat (
    seat_race_id INTEGER NOT NULL,
    piece INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) >= 1),
    side TEXT NOT NULL CHECK (side IN ('left', 'right')),
    crew INTEGER NOT NULL CHECK (typeof(crew) = 'integer' AND crew IN (0, 1)),
    PRIMARY KEY (seat_race_id, piece, name),
    FOREIGN KEY (seat_race_id, piece) REFERENCES seat_race_piece(seat_race_id, number) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TRIGGER paddler_removal_keeps_strength_evidence BEFORE DELETE ON paddler
BEGIN
    DELETE FROM time_trial_result
        WHERE id IN (SELECT result_id FROM time_trial_paddler WHERE paddler_id = OLD.id);
    DELETE FROM time_trial
        WHERE NOT EXISTS (SELECT 1 FROM time_trial_result WHERE time_trial_result.trial_id = time_trial.id);
    INSERT OR IGNORE INTO seat_race_removed_seat (seat_race_id, piece, name, side, crew)
        SELECT seat_race_id, piece, OLD.name, side, crew FROM seat_race_seat WHERE paddler_id = OLD.id;
END;
