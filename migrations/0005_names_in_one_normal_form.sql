-- Names are compared and stored in one normal form (NFC): before this file runs, a Swift step
-- (NameNormalization.swift) rewrote every paddler and boat name in NFC and recomputed its name_key, the
-- key now being NFC, lower case, trimmed, with runs of spaces made one. Names that became equal that way
-- (the same "José" once precomposed, once decomposed) were kept apart with a suffix " (2)", so that no
-- database stops opening and every paddler can still be found and merged by hand.
--
-- The length limits stay as they are: length() counts code points, and so does the application now.
-- What can never be part of a name is refused here too, for any program that writes to the file: C0 and
-- C1 control characters, DEL, line and paragraph separators, the direction controls (LRM, RLM, ALM,
-- embeddings, overrides, isolates) and the byte-order mark. A name written before these rules is left as
-- it is, and a row keeping its name can still be updated.
CREATE TRIGGER paddler_name_is_printable_on_insert
BEFORE INSERT ON paddler
WHEN NEW.name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(1564)
    || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294) || '-' || char(8297)
    || char(65279) || ']*'
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain control characters, line breaks or direction controls');
END;

CREATE TRIGGER paddler_name_is_printable_on_update
BEFORE UPDATE OF name ON paddler
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-'
    || char(159) || char(1564) || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294)
    || '-' || char(8297) || char(65279) || ']*'
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain control characters, line breaks or direction controls');
END;

CREATE TRIGGER boat_name_is_printable_on_insert
BEFORE INSERT ON boat
WHEN NEW.name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(1564)
    || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294) || '-' || char(8297)
    || char(65279) || ']*'
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain control characters, line breaks or direction controls');
END;

CREATE TRIGGER boat_name_is_printable_on_update
BEFORE UPDATE OF name ON boat
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-'
    || char(159) || char(1564) || char(8206) || char(8207) || char(8232) || '-' || char(8238) || char(8294)
    || '-' || char(8297) || char(65279) || ']*'
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain control characters, line breaks or direction controls');
END;
