import ArgumentParser

/// The kind of stored evidence a command names: what it is called and which command lists it.
protocol StrengthEvidenceKind {
    /// The kind's name in a sentence: "trial", "seat race".
    static var noun: String { get }
    /// The command that lists the stored ones, as the user types it.
    static var listCommand: String { get }
}

/// Time trials, as `trial delete` names one.
enum TrialKind: StrengthEvidenceKind {
    static let noun = "trial"
    static let listCommand = "lineup trial list"
}

/// Seat races, as `seat-race show` and `seat-race delete` name one.
enum SeatRaceKind: StrengthEvidenceKind {
    static let noun = "seat race"
    static let listCommand = "lineup seat-race list"
}

/// The name of one stored trial or seat race, matched in any case; a blank one is refused before anything opens.
struct StrengthNameArgument<Kind: StrengthEvidenceKind>: ParsableArguments {
    @Argument(help: ArgumentHelp("The \(Kind.noun)'s whole name (in any case)."))
    var name: String

    func validate() throws {
        guard !name.allSatisfy(\.isWhitespace) else {
            throw ValidationError("give the \(Kind.noun)'s name, as `\(Kind.listCommand)` shows it")
        }
    }
}
