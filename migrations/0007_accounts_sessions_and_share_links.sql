-- Accounts for `lineup serve` when it is reached from other machines: coaches change lineups, viewers only
-- look. Names are plain ASCII (what people type at a sign-in form), unique ignoring case. Only a bcrypt hash
-- of the password is kept.
CREATE TABLE account (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE
        CHECK (length(name) BETWEEN 1 AND 64 AND name NOT GLOB '*[^A-Za-z0-9._@-]*'),
    role TEXT NOT NULL CHECK (role IN ('coach', 'viewer')),
    password_hash TEXT NOT NULL CHECK (length(password_hash) = 60 AND password_hash GLOB '$2[abxy]$[0-3][0-9]$*'),
    created_at TEXT NOT NULL
);

-- Signed-in browsers. Only the SHA-256 digest of the cookie's token is kept, so a copy of the database
-- signs nobody in; removing an account signs it out everywhere.
CREATE TABLE account_session (
    token_digest TEXT PRIMARY KEY CHECK (length(token_digest) = 64 AND token_digest NOT GLOB '*[^0-9a-f]*'),
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL CHECK (expires_at > created_at)
) WITHOUT ROWID;

CREATE INDEX account_session_by_account ON account_session (account_id);

-- Read-only links to one boat's chart (`lineup share`), revocable. As for sessions, only the digest of the
-- link's token is kept; the link itself is shown once, when it is made.
CREATE TABLE share_link (
    id INTEGER PRIMARY KEY,
    boat_id INTEGER NOT NULL REFERENCES boat (id) ON DELETE CASCADE,
    token_digest TEXT NOT NULL UNIQUE CHECK (length(token_digest) = 64 AND token_digest NOT GLOB '*[^0-9a-f]*'),
    shows_weights INTEGER NOT NULL CHECK (shows_weights IN (0, 1)),
    created_at TEXT NOT NULL
);

CREATE INDEX share_link_by_boat ON share_link (boat_id);
