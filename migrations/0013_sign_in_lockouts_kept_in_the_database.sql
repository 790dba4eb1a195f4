-- Failed sign-ins to an account are kept in the database, so that a lockout outlives a restart of the server
-- and holds for every server sharing the file. Only accounts that exist have rows (a name that is no account
-- is counted in the server's memory only, so made-up names cannot fill the file); the server keeps at most
-- as many rows per account as it allows attempts, deleting those older than its window, and a sign-in that
-- succeeds removes the account's rows. Removing an account removes its failures; `lineup user password`
-- clears them (a coach who reset the password may sign in). The time is a CHECK, not a trigger as in 0010:
-- the table is new, so no row written before the rule has to be kept, and a CHECK costs far less to parse.
CREATE TABLE account_sign_in_failure (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    failed_at TEXT NOT NULL CHECK (strftime('%Y-%m-%d %H:%M:%f', failed_at, '+0 seconds') IS failed_at)
);

CREATE INDEX account_sign_in_failure_by_account ON account_sign_in_failure (account_id, failed_at);
