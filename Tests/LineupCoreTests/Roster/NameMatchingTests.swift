import Testing

@testable import LineupCore

@Suite("name matching: whole names, unique first names and prefixes, did you mean")
struct NameMatchingTests {
    static let roster = [
        "Maya Chen", "Mia Xu", "Ann Lee", "Anna Berg", "Jean-Luc Picard", "José García", "-Dash Doe", "Bo Nilsson",
    ]
    let matcher = NameMatcher(Self.roster.enumerated().map { (id: $0.offset, name: $0.element) })

    func found(_ typed: String) -> String? {
        if case .found(_, let name, _) = matcher.match(typed) { return name }
        return nil
    }

    @Test func wholeNamesInAnyCaseSpacingOrSpelling() {
        #expect(matcher.match("maya chen") == .found(0, name: "Maya Chen", exact: true))
        #expect(matcher.match("  MAYA   CHEN ") == .found(0, name: "Maya Chen", exact: true))
        #expect(matcher.match("Jose\u{301} Garci\u{301}a") == .found(5, name: "José García", exact: true))
        #expect(matcher.match("-dash doe") == .found(6, name: "-Dash Doe", exact: true))
    }

    /// Keys fold case fully (ß is ss, final sigma is sigma) after compatibility normalization (fullwidth
    /// letters, ligatures and odd spaces are plain ones), and leave out invisible characters.
    static let sameKey: [(String, String)] = [
        ("ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ", "Νίκος Παπαδόπουλος"),
        ("JAN STRAUSS", "Jan Strauß"),
        ("JAN STRAUẞ", "jan strauss"),
        ("Ｊａｎ Ｓｔｒａｕｓｓ", "jan strauss"),
        ("ﬁona", "Fiona"),
        ("Ada\u{A0}Lindqvist", "ada lindqvist"),
        ("Ada\u{3000}\u{2003} Lindqvist", "ada lindqvist"),
        ("Ada\u{200B} Lindqvist", "Ada Lindqvist"),
        ("\u{3164}\u{3164}X", "x"),
        ("\u{130}pek", "i\u{307}pek"),
        ("Jose\u{301}", "JOSÉ"),
        ("ǅenan", "ǆenan"),
    ]

    @Test(arguments: sameKey)
    func namesThatReadAlikeShareAKey(_ one: String, _ other: String) {
        #expect(Array(PaddlerRules.nameKey(one).utf8) == Array(PaddlerRules.nameKey(other).utf8))
    }

    static let differentKeys: [(String, String)] = [
        ("Jan Straus", "Jan Strauß"),
        ("Işık", "Isik"),  // the dotless ı folds to itself, not to i
        ("Ann Lee", "Anne Lee"),
        ("Ada Lindqvist", "AdaLindqvist"),
    ]

    @Test(arguments: differentKeys)
    func namesThatDifferKeepTheirOwnKeys(_ one: String, _ other: String) {
        #expect(PaddlerRules.nameKey(one) != PaddlerRules.nameKey(other))
    }

    @Test func aNameTypedInCapitalsOrAnotherWidthFindsThePaddler() {
        let club = NameMatcher(
            ["Jan Strauß", "Νίκος Παπαδόπουλος", "Ada Lindqvist"].enumerated().map { (id: $0.offset, name: $0.element) }
        )
        #expect(club.match("JAN STRAUSS") == .found(0, name: "Jan Strauß", exact: true))
        #expect(club.match("ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ") == .found(1, name: "Νίκος Παπαδόπουλος", exact: true))
        #expect(club.match("ΝΊΚΟΣ") == .found(1, name: "Νίκος Παπαδόπουλος", exact: false))
        #expect(club.match("Ａｄａ\u{A0}Ｌｉｎｄｑｖｉｓｔ") == .found(2, name: "Ada Lindqvist", exact: true))
        #expect(club.match("strauss") == .found(0, name: "Jan Strauß", exact: false))
    }

    @Test func aUniqueFirstNameSurnameOrStart() {
        #expect(found("maya") == "Maya Chen")
        #expect(found("chen") == "Maya Chen")
        #expect(found("ma ch") == "Maya Chen")
        #expect(found("luc") == "Jean-Luc Picard")
        #expect(found("garcía") == "José García")
        #expect(found("nils") == "Bo Nilsson")
        #expect(matcher.match("maya").isExact == false)
    }

    /// Typed without accents or apostrophes, as on a phone keyboard; an accented match still wins when the
    /// typed text has its accents.
    @Test func accentsAndApostrophesMayBeLeftOut() {
        let club = NameMatcher(
            ["José García", "Björn Øster", "Seán O'Brien", "Zoë Müller", "Łukasz Wójcik", "Joséphine Ærø"].enumerated()
                .map { (id: $0.offset, name: $0.element) })
        func name(_ typed: String) -> String? {
            if case .found(_, let name, _) = club.match(typed) { return name }
            return nil
        }
        #expect(name("jose") == "José García")
        #expect(name("jose garcia") == "José García")
        #expect(name("bjorn oster") == "Björn Øster")
        #expect(name("obrien") == "Seán O'Brien")
        #expect(name("sean") == "Seán O'Brien")
        #expect(name("zoe") == "Zoë Müller")
        #expect(name("muller") == "Zoë Müller")
        #expect(name("lukasz") == "Łukasz Wójcik")
        #expect(name("aero") == "Joséphine Ærø")
        #expect(club.match("jo") == .ambiguous(["José García", "Joséphine Ærø"]))
        // Removal takes the whole name: the same name without its accents is only "part of" it there.
        #expect(club.match("jose garcia", exactOnly: true) == .partOfNames(["José García"]))
    }

    @Test func aWholeWordWinsOverTheStartOfALongerOne() {
        // "Ann" is all of Ann Lee's first name and only the start of Anna's.
        #expect(found("ann") == "Ann Lee")
        #expect(matcher.match("an") == .ambiguous(["Ann Lee", "Anna Berg"]))
    }

    @Test func oneLetterIsNoPrefix() {
        #expect(matcher.match("z") == .notFound(suggestions: []))
        #expect(found("m") == nil)
    }

    @Test func typosGetSuggestionsNotGuesses() {
        #expect(matcher.match("Mya Chen") == .notFound(suggestions: ["Maya Chen"]))
        #expect(matcher.match("mya") == .notFound(suggestions: ["Maya Chen", "Mia Xu"]))
        #expect(matcher.match("Nobody") == .notFound(suggestions: []))
    }

    @Test func wholeNamesOnlyWhenAskedNamesWhatAPartMatches() {
        #expect(matcher.match("Maya Chen", exactOnly: true) == .found(0, name: "Maya Chen", exact: true))
        #expect(matcher.match("maya", exactOnly: true) == .partOfNames(["Maya Chen"]))
        #expect(matcher.match("mya", exactOnly: true) == .notFound(suggestions: ["Maya Chen", "Mia Xu"]))
    }

    @Test func subcommandSuggestions() {
        let commands = ["exchange", "export", "edit", "undo", "redo", "use", "list", "show"]
        let matcher = NameMatcher(commands.map { (id: $0, name: $0) })
        #expect(matcher.suggestions(for: "exchnge") == ["exchange"])
        #expect(matcher.suggestions(for: "ex").sorted() == ["exchange", "export"])
        #expect(matcher.suggestions(for: "frobnicate") == [])
    }

    @Test func editDistanceCountsATranspositionAsOne() {
        func distance(_ a: String, _ b: String) -> Int {
            NameMatcher<Int>.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 5)
        }
        #expect(distance("maya", "maya") == 0)
        #expect(distance("maya", "mya") == 1)
        #expect(distance("maya", "amya") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
    }
}

extension NameMatcher.Match {
    var isExact: Bool {
        if case .found(_, _, let exact) = self { return exact }
        return false
    }
}
