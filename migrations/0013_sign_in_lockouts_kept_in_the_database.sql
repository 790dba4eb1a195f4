-- Failed sign-ins to an account are kept in the database, so that a lockout outlives a restart of the server
-- and holds for every server sharing the file. Only accounts that exist have rows (a name that is no account
-- is counted in the server's memory only, so made-up names cannot fill the file); the server keeps at most
-- as many rows per account as it allows attempts, deleting those older than its window. Removing an account
-- removes its failures; `lineup user password` clears them (a coach who reset the password may sign in).
CREATE TABLE account_sign_in_failure (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    failed_at TEXT NOT NULL
);

CREATE INDEX account_sign_in_failure_by_account ON account_sign_in_failure (account_id, failed_at);

CREATE TRIGGER account_sign_in_failure_failed_at_on_insert BEFORE INSERT ON account_sign_in_failure
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.failed_at, '+0 seconds') IS NOT NEW.failed_at
BEGIN SELECT RAISE(ABORT, 'account_sign_in_failure.failed_at is not a time as lineup writes it'); END;

CREATE TRIGGER account_sign_in_failure_failed_at_on_update BEFORE UPDATE OF failed_at ON account_sign_in_failure
WHEN NEW.failed_at IS NOT OLD.failed_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.failed_at, '+0 seconds') IS NOT NEW.failed_at
BEGIN SELECT RAISE(ABORT, 'account_sign_in_failure.failed_at is not a time as lineup writes it'); END;
