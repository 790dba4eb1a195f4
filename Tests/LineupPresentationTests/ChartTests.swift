import Foundation
import LineupCore
import Testing

@testable import LineupPresentation

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Charts: SVG, HTML and the chat card")
struct ChartTests {
    /// Names that test the drawing: long ones, accents, scripts other than Latin, and hostile ones.
    static let names = [
        "Ada Lindqvist", "Maximiliane Oberhollenzer-Wittgenstein von Habsburg", "王小明", "محمد عبد الرحمن",
        "Σωκράτης Παπαδόπουλος", "Анастасия Владимировна Кузнецова", "देवनागरी लिपि शर्मा", "Zoë Ørsted-Åberg",
        "<script>alert(\"x\")</script> & 'Bo'", "Eve \u{202E}reversed\u{202C} Name", "Nul\u{1}Byte Bell\u{7}",
        "Jean-Baptiste Emmanuel Zorg de la Fontaine-Dupont", "Kit Valdés", "Li Na", "Ola Nordmann",
        "Søren Kierkegaard", "Ōtani Shōhei", "Nguyễn Thị Minh Khai", "Björk Guðmundsdóttir", "Ľudovít Štúr",
        "Tāne Mahuta", "Bea Marangoni", "Cora Nakashima", "Dev Patel", "Edda Petrov",
    ]

    /// A standard boat with every seat filled from `names` (the first 22), the rest on the bench, D locked.
    static func state() throws -> BoatState {
        var roster: [PaddlerID: Paddler] = [:]
        for (index, name) in names.enumerated() {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(
                id: id, name: name, weightKg: index == 3 ? nil : 50 + Double(index * 2),
                sex: index % 2 == 0 ? .female : .male,
                side: index == 6 ? .left : .either)
        }
        let seats = Place.seats(of: .standard)
        let placements = (0..<names.count).map { index in
            (
                paddler: PaddlerID(index + 1),
                place: index < seats.count ? seats[index] : .bench(position: index - seats.count + 1)
            )
        }
        let lineup = try Lineup(kind: .standard, placements: placements, lockedSeats: [.drummer])
        return BoatState(
            boat: Boat(id: 1, name: "Heat <1> & \"Final\"", kind: .standard, rules: .idbfMixed), lineup: lineup,
            roster: roster)
    }

    /// What an XML parser makes of a document: the text inside each `data-seat` element, and all text.
    final class SeatCollector: NSObject, XMLParserDelegate {
        var seats: [(seat: String, text: String)] = []
        var allText = ""
        private var stack: [String?] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append(attributes["data-seat"])
            if let seat = attributes["data-seat"] { seats.append((seat, "")) }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            allText += string
            if stack.contains(where: { $0 != nil }), !seats.isEmpty { seats[seats.count - 1].text += string }
        }
    }

    static func parse(_ document: String) throws -> SeatCollector {
        let parser = XMLParser(data: Data(document.utf8))
        let collector = SeatCollector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector
    }

    /// The name as a chart shows it: controls and bidi overrides left out (the markup isolates each name).
    static func shown(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { !MarkupText.isDropped($0) }))
    }

    @Test(arguments: ["svg", "html"])
    func everyNameOnceInItsSeatAndWellFormed(format: String) throws {
        let state = try Self.state()
        let content = ChartContent(state: state, date: "2026-11-22")
        let document = format == "svg" ? SVGChart(content).document() : HTMLChart([content]).document()
        let parsed = try Self.parse(document)
        #expect(parsed.seats.map(\.seat) == Place.seats(of: .standard).map(\.description) + ["B1", "B2", "B3"])
        for (paddler, place) in state.lineup.placements {
            let name = Self.shown(state.roster[paddler]?.name ?? "")
            let seat = try #require(parsed.seats.first { $0.seat == place.description })
            #expect(seat.text.contains(name), "\(place): \(seat.text)")
            #expect(parsed.allText.components(separatedBy: name).count == 2, "\(name) appears once")
        }
        // Hostile text is escaped, never markup: the parser sees the name as text, and no script element.
        #expect(!document.contains("<script>"))
        #expect(document.contains("&lt;script&gt;"))
        #expect(!document.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1}" || $0 == "\u{7}" })
        #expect(parsed.allText.contains("Heat <1> & \"Final\""))
    }

    @Test func weightsCanBeHiddenAndUnknownWeightsAreMarked() throws {
        let state = try Self.state()
        let shown = SVGChart(ChartContent(state: state, date: "2026-11-22")).document()
        let hidden = SVGChart(ChartContent(state: state, showsWeights: false, date: "2026-11-22")).document()
        #expect(shown.contains(">50 kg<"))
        #expect(shown.contains(">weight ?<"))
        #expect(!hidden.contains(" kg<"))
        #expect(
            !HTMLChart([ChartContent(state: state, showsWeights: false, date: "x")]).document().contains(" kg</span>"))
    }

    /// With weights hidden, a chart drawn before and after one paddler's weight changes (the verdict's words
    /// the same) is the same chart: the gauges' dots sit by the verdict, so no dot's place tells a weight.
    /// With weights shown, the dots move.
    @Test func aHiddenWeightMovesNoGaugeDot() throws {
        let state = try Self.state()
        var heavier = state
        let paddler = try #require(state.lineup[.left(row: 5)])
        heavier.roster[paddler]?.weightKg = (state.roster[paddler]?.weightKg ?? 0) + 2
        func words(_ state: BoatState) -> [String] {
            state.verdict().axes.map { "\(BalanceWords.direction($0)) \($0.level)" }
        }
        #expect(words(state) == words(heavier))
        for showsWeights in [false, true] {
            let before = ChartContent(state: state, showsWeights: showsWeights, date: "2026-11-22")
            let after = ChartContent(state: heavier, showsWeights: showsWeights, date: "2026-11-22")
            let same =
                SVGChart(before).document() == SVGChart(after).document()
                && HTMLChart([before]).document() == HTMLChart([after]).document()
            #expect(same == !showsWeights, "showsWeights \(showsWeights)")
        }
    }

    @Test func marksAndFindingsNameSeatsNotPeople() throws {
        let content = ChartContent(state: try Self.state(), date: "2026-11-22")
        let r3 = try #require(content.seats.first { $0.place == .right(row: 3) })
        #expect(r3.marks.map(\.note) == ["paddles on the left"])
        #expect(content.findings.contains { $0.text == "R3: paddles on the left" })
        #expect(content.seats.first { $0.place == .drummer }?.locked == true)
        for finding in content.findings {
            for name in Self.names { #expect(!finding.text.contains(name)) }
        }
    }

    @Test func longNamesAreFittedNeverCut() {
        let name = "Maximiliane Oberhollenzer-Wittgenstein von Habsburg"
        let fitted = FittedLabel.fit(name, width: 160, height: 40, fontSize: 14, minimumFontSize: 9)
        #expect(fitted.lines.joined() == name)
        #expect(fitted.lines.count > 1)
        #expect(fitted.lineWidths.allSatisfy { $0 <= 160 })
        let word = String(repeating: "W", count: 100)
        let squeezed = FittedLabel.fit(word, width: 160, height: 40, fontSize: 14, minimumFontSize: 9)
        #expect(squeezed.lines.joined() == word)
        #expect(squeezed.lineWidths.allSatisfy { $0 <= 160 })
        #expect(FittedLabel.fit("Ada", width: 160, fontSize: 14, minimumFontSize: 9).lines == ["Ada"])
    }

    @Test func chatCardsUseShortNamesThatStayDistinct() {
        let short = ChatCard.shortNames(["Ada Lindqvist", "Ada Moreau", "Bea Marangoni", "Cy Do", "Cy Dunn", "Kit"])
        #expect(short["Bea Marangoni"] == "Bea")
        #expect(short["Ada Lindqvist"] == "Ada L." && short["Ada Moreau"] == "Ada M.")
        #expect(short["Cy Do"] == "Cy Do" && short["Cy Dunn"] == "Cy Dunn")
        #expect(short["Kit"] == "Kit")
    }
}
