-- Dates and times are guarded by the schema, not only by lineup's Swift code, whatever program writes to the
-- file. Times (when a boat, change, regatta, account, session or link was made, when a session ends) are UTC
-- text as lineup writes them, 2026-11-22 14:05:09.123, and a real moment: strftime() gives any time it reads
-- in that form, and with a modifier rolls 2026-02-30 over to 2026-03-02, so only such a text gives itself
-- back (not 'now', a number, a 'T' or a missing fraction). A regatta's date is a real day (0006) from
-- 1900-01-01 to 2200-12-31, the years lineup takes. Triggers rather than CHECK constraints, which SQLite adds
-- only by making each table again: rows already stored are kept exactly as they are (an older lineup took
-- regattas in the year 0000, another program may have written other forms) and only new values are refused;
-- an update that leaves a value as it was is never refused for it. Kept short, one trigger per table and
-- kind of change: SQLite parses the whole schema at every start of every command (bench/instructions-baseline).

CREATE TRIGGER boat_created_at_on_insert BEFORE INSERT ON boat
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'boat.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER boat_created_at_on_update BEFORE UPDATE OF created_at ON boat
WHEN NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'boat.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER history_created_at_on_insert BEFORE INSERT ON history
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'history.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER history_created_at_on_update BEFORE UPDATE OF created_at ON history
WHEN NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'history.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER account_created_at_on_insert BEFORE INSERT ON account
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'account.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER account_created_at_on_update BEFORE UPDATE OF created_at ON account
WHEN NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'account.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER share_link_created_at_on_insert BEFORE INSERT ON share_link
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'share_link.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER share_link_created_at_on_update BEFORE UPDATE OF created_at ON share_link
WHEN NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
BEGIN SELECT RAISE(ABORT, 'share_link.created_at is not a time as lineup writes it'); END;

CREATE TRIGGER account_session_times_on_insert BEFORE INSERT ON account_session
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
    OR strftime('%Y-%m-%d %H:%M:%f', NEW.expires_at, '+0 seconds') IS NOT NEW.expires_at
BEGIN SELECT RAISE(ABORT, 'account_session.created_at or expires_at is not a time as lineup writes it'); END;

CREATE TRIGGER account_session_times_on_update BEFORE UPDATE OF created_at, expires_at ON account_session
WHEN (NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at)
    OR (NEW.expires_at IS NOT OLD.expires_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.expires_at, '+0 seconds') IS NOT NEW.expires_at)
BEGIN SELECT RAISE(ABORT, 'account_session.created_at or expires_at is not a time as lineup writes it'); END;

CREATE TRIGGER regatta_times_on_insert BEFORE INSERT ON regatta
WHEN strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at
    OR NEW.date NOT BETWEEN '1900-01-01' AND '2200-12-31'
BEGIN SELECT RAISE(ABORT, 'regatta.created_at is not a time as lineup writes it, or regatta.date not a day from 1900-01-01 to 2200-12-31'); END;

CREATE TRIGGER regatta_times_on_update BEFORE UPDATE OF created_at, date ON regatta
WHEN (NEW.created_at IS NOT OLD.created_at AND strftime('%Y-%m-%d %H:%M:%f', NEW.created_at, '+0 seconds') IS NOT NEW.created_at)
    OR (NEW.date IS NOT OLD.date AND NEW.date NOT BETWEEN '1900-01-01' AND '2200-12-31')
BEGIN SELECT RAISE(ABORT, 'regatta.created_at is not a time as lineup writes it, or regatta.date not a day from 1900-01-01 to 2200-12-31'); END;
