-- Paddlers in the loop: each paddler answers for themselves through a personal link (in, maybe, out, arriving
-- late, out of one race), and an injury lasts until a day, after which the paddler races again.

-- The last day of an injury (YYYY-MM-DD, a real day): not racing on any day up to and including it.
ALTER TABLE paddler ADD COLUMN injured_until TEXT CHECK (injured_until IS NULL OR (
    injured_until GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
    AND date(injured_until, '+0 days') IS injured_until));

-- A regatta's answers may be closed by the coach (paddlers then read theirs but change nothing), and the coach's
-- last look at them is kept so that `regatta answers` can say what is new since.
ALTER TABLE regatta ADD COLUMN answers_closed INTEGER NOT NULL DEFAULT 0 CHECK (answers_closed IN (0, 1));
ALTER TABLE regatta ADD COLUMN answers_seen_at TEXT;

-- A paddler's personal link: known only to the paddler, kept as the SHA-256 digest of its token. It opens every
-- regatta of the paddler, or one (regatta_id), until the end of its last day (expires_on), unless revoked
-- (deleted). Ids are never given again, so a revoked link's number never names a new one.
CREATE TABLE paddler_link (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    regatta_id INTEGER REFERENCES regatta(id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE CHECK (length(token_digest) = 64 AND token_digest NOT GLOB '*[^0-9a-f]*'),
    expires_on TEXT CHECK (expires_on IS NULL OR (
        expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(expires_on, '+0 days') IS expires_on)),
    created_at TEXT NOT NULL
);
CREATE INDEX paddler_link_by_paddler ON paddler_link (paddler_id);
CREATE INDEX paddler_link_by_regatta ON paddler_link (regatta_id);

-- A paddler's answer for a whole regatta: in or maybe (with the times they arrive and leave), or out; with a
-- short comment, whose word it is (their own, or the coach's entered for them) and when it was given. The
-- coach's availability (the availability table, `regatta attend`) wins over it.
CREATE TABLE regatta_answer (
    regatta_id INTEGER NOT NULL REFERENCES regatta(id) ON DELETE CASCADE,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    choice TEXT NOT NULL CHECK (choice IN ('in', 'maybe', 'out')),
    from_minute INTEGER CHECK (from_minute IS NULL OR (typeof(from_minute) = 'integer' AND from_minute BETWEEN 0 AND 1439)),
    until_minute INTEGER CHECK (until_minute IS NULL OR (typeof(until_minute) = 'integer' AND until_minute BETWEEN 0 AND 1439)),
    comment TEXT NOT NULL DEFAULT '' CHECK (length(comment) <= 200),
    given_by TEXT NOT NULL CHECK (given_by IN ('paddler', 'coach')),
    given_at TEXT NOT NULL,
    CHECK (choice <> 'out' OR (from_minute IS NULL AND until_minute IS NULL)),
    CHECK (from_minute IS NULL OR until_minute IS NULL OR from_minute < until_minute),
    PRIMARY KEY (regatta_id, paddler_id)
) WITHOUT ROWID;
CREATE INDEX regatta_answer_by_paddler ON regatta_answer (paddler_id);

-- An answer for one race ("no 2 km"): in, maybe or out, by the paddler or by the coach. A coach's answer for a
-- race is not overwritten by the paddler's.
CREATE TABLE race_answer (
    race_id INTEGER NOT NULL REFERENCES race(id) ON DELETE CASCADE,
    paddler_id INTEGER NOT NULL REFERENCES paddler(id) ON DELETE CASCADE,
    choice TEXT NOT NULL CHECK (choice IN ('in', 'maybe', 'out')),
    comment TEXT NOT NULL DEFAULT '' CHECK (length(comment) <= 200),
    given_by TEXT NOT NULL CHECK (given_by IN ('paddler', 'coach')),
    given_at TEXT NOT NULL,
    PRIMARY KEY (race_id, paddler_id)
) WITHOUT ROWID;
CREATE INDEX race_answer_by_paddler ON race_answer (paddler_id);
