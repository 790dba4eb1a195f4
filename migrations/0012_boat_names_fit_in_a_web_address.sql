-- A boat named "." or ".." cannot be named in a web address (browsers fold those path segments away, even
-- spelled %2E), so the page could never show it: no boat gets such a name any more. A boat that already has
-- one keeps it (the command line still reaches it) until it is renamed.
CREATE TRIGGER boat_name_fits_in_a_web_address_on_insert
BEFORE INSERT ON boat
WHEN NEW.name IN ('.', '..')
BEGIN
    SELECT RAISE(ABORT, 'a boat name cannot be ''.'' or ''..''');
END;

CREATE TRIGGER boat_name_fits_in_a_web_address_on_update
BEFORE UPDATE OF name ON boat
WHEN NEW.name IS NOT OLD.name AND NEW.name IN ('.', '..')
BEGIN
    SELECT RAISE(ABORT, 'a boat name cannot be ''.'' or ''..''');
END;
