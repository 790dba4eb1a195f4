import ArgumentParser
import LineupCore
import LineupPresentation

struct RosterRankCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rank", abstract: "Rank the paddlers of each side from seat races and time trials, with how sure.",
        discussion: """
            Seat racing places paddlers within a side (least squares over every one-swap comparison; a session \
            with two swaps between pieces compares each pair by its total times per piece apart). Neighbours \
            less than 1.0 s apart are too close to call; a place is sure with two comparisons or more whose \
            spread is less than the gap to the nearest neighbour, likely otherwise. The spread is how far a \
            paddler's comparisons disagree with each other: two seat races saying Ada is 5 s and 1 s faster \
            than Bea put her 3 s ahead with a spread of 4 s, so likely, not sure. Trials place the others among the first linked group (the largest; of \
            groups as large, the one with the most paddlers with trials): a paddler with \
            trials only, or of a seat-race group no comparison links to the first, goes where the fewest of \
            that group's paddlers with trials disagree with their best pace per 500 m (the lowest such spot; \
            below the whole group when none has trials), likely at best; a group keeps its own seat-race order, \
            a member without trials following the nearest member above with trials. The numbers are the \
            places `lineup optimize --objective strength` counts; a paddler marked - has no place: of an \
            unlinked group none of whom has trials, or, as the rest of the side by the roster's side \
            preference, without evidence.
            """)

    enum SideChoice: String, ExpressibleByArgument, CaseIterable {
        case left, right
    }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Only this side.") var side: SideChoice?
    @Flag(help: "Print a JSON document.") var json = false

    func run() throws {
        let evidence = try database.openForReading().strengthEvidence()
        let sides = side.map { [SeatRaceSide(rawValue: $0.rawValue) ?? .left] } ?? SeatRaceSide.allCases
        let rankings = sides.map { evidence.ranking(of: $0) }
        if json {
            print(
                try JSONCoding.encode(
                    StrengthRankingDocument(rankings, unreadableSeatRaces: evidence.unreadableSeatRaces)),
                terminator: "")
            return
        }
        for ranking in rankings {
            for line in StrengthText.ranking(ranking) { print(line) }
        }
        if rankings.contains(where: { $0.entries.contains { $0.evidence != .none } }) {
            for line in StrengthText.rankingLegend { print(line) }
        } else {
            print(StrengthText.noEvidenceYet)
        }
        if let unreadable = StrengthText.unreadableSeatRaces(evidence.unreadableSeatRaces) { print(unreadable) }
    }
}
