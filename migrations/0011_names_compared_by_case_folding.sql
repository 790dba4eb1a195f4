-- Names are compared by NFKC with full case folding (NFKC_Casefold): "JAN STRAUSS" is "Jan Strauß",
-- "ΝΊΚΟΣ" is "Νίκος", a fullwidth or no-break-spaced name is the plain one, and invisible characters do not
-- count. SQLite can do neither, so before this file runs a Swift step (NameNormalization.swift) made every
-- Unicode space in a paddler, boat, regatta or race name a plain space (where that leaves a name today's
-- rules accept), and recomputed every name_key with PaddlerRules.nameKey. Names that became one key that
-- way (look-alike duplicates) were kept apart as "Name (2)", with the invisible characters left out of the
-- new name, so that no database stops opening and every paddler can still be found and merged by hand.
--
-- Names are stored with plain spaces only, and never hold characters nobody can see. The application
-- refuses them with the character named; these triggers refuse them for any program that writes to the
-- file: the Unicode spaces other than U+0020 (U+00A0, U+1680, U+2000-U+200A, U+202F, U+205F, U+3000), the
-- soft hyphen, U+034F, the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), U+17B4, U+17B5, the Mongolian
-- variation selectors and vowel separator (U+180B-U+180F), U+200B, U+2060-U+206F, the blank braille
-- pattern U+2800, variation selectors U+FE00-U+FE0D, U+FFF0-U+FFF8, the private-use areas, and the
-- default-ignorable planes' unused parts (U+E0000-U+E001F, U+E0080-U+E00FF, U+E01F0-U+E0FFF). What is
-- allowed only where it does a job (joiners, U+FE0E/U+FE0F after an emoji, the tags of a flag, ideographic
-- variation selectors after an ideograph) and unassigned code points are left to the application, which
-- knows the context and the Unicode version. A name written before these rules is left as it is, and a row
-- keeping its name can still be updated.

-- The pattern, '*[' then those characters and ranges then ']*', is written as its UTF-8 bytes: one literal,
-- since SQLite parses the whole schema at every start of every command, and the same pattern spelt with
-- char() and || cost about 200,000 instructions a trigger there (bench/instructions-baseline).

CREATE TRIGGER paddler_name_has_no_invisible_characters_on_insert
BEFORE INSERT ON paddler
WHEN NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER paddler_name_has_no_invisible_characters_on_update
BEFORE UPDATE OF name ON paddler
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER boat_name_has_no_invisible_characters_on_insert
BEFORE INSERT ON boat
WHEN NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER boat_name_has_no_invisible_characters_on_update
BEFORE UPDATE OF name ON boat
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER regatta_name_has_no_invisible_characters_on_insert
BEFORE INSERT ON regatta
WHEN NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER regatta_name_has_no_invisible_characters_on_update
BEFORE UPDATE OF name ON regatta
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER race_name_has_no_invisible_characters_on_insert
BEFORE INSERT ON race
WHEN NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;

CREATE TRIGGER race_name_has_no_invisible_characters_on_update
BEFORE UPDATE OF name ON race
WHEN NEW.name IS NOT OLD.name AND NEW.name GLOB CAST(X'2A5BC2A0C2ADCD8FE1859FE185A0E19A80E19EB4E19EB5E1A08B2DE1A08FE280802DE2808BE280AFE2819F2DE281AFE2A080E38080E385A4EE80802DEFA3BFEFB8802DEFB88DEFBEA0EFBFB02DEFBFB8F3A080802DF3A0809FF3A082802DF3A083BFF3A087B02DF3A0BFBFF3B080802DF48FBFBF5D2A' AS TEXT)
BEGIN
    SELECT RAISE(ABORT, 'a name cannot contain invisible characters or spaces other than the plain space');
END;
