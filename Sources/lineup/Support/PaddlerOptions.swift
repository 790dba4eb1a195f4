import ArgumentParser
import LineupCore

/// The paddler fields `roster add` and `roster update` take.
struct PaddlerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Weight: kilograms (72.5), or with a unit (72 kg, 160 lb).", valueName: "weight"))
    var weight: String?

    @Option(help: ArgumentHelp("F, M or X (also Female, Male, Other).", valueName: "sex"))
    var sex: String?

    @Option(help: ArgumentHelp("The side they prefer: left, right or either.", valueName: "side"))
    var side: String?

    @Flag(inversion: .prefixedNo, help: "Whether they can drum.")
    var drum: Bool?

    @Flag(inversion: .prefixedNo, help: "Whether they can steer.")
    var steer: Bool?

    @Option(help: ArgumentHelp("Free-text notes.", valueName: "text"))
    var notes: String?

    /// A draft for `name` with the fields given, each checked; bad values are usage errors.
    func draft(name: String) throws -> PaddlerDraft {
        var draft = PaddlerDraft(name: try usage { () throws(LineupError) in try PaddlerRules.validatedName(name) })
        if let weight {
            draft.weightKg = .some(
                try usage { () throws(LineupError) in try RosterImporter.parseWeight(weight, defaultUnit: .kg) })
        }
        if let sex {
            guard let parsed = RosterImporter.parseSex(sex) else {
                throw ValidationError("'\(sex.truncatedForMessage)' is not a sex; use F, M or X")
            }
            draft.sex = .some(parsed)
        }
        if let side {
            guard let parsed = SidePreference(rawValue: side.lowercased()) else {
                throw ValidationError("'\(side.truncatedForMessage)' is not a side; use left, right or either")
            }
            draft.side = parsed
        }
        draft.canDrum = drum
        draft.canSteer = steer
        if let notes {
            guard !notes.unicodeScalars.contains(where: { $0 == "\0" }) else {
                throw ValidationError("notes cannot contain NUL characters")
            }
            draft.notes = notes
        }
        return draft
    }

    private func usage<T>(_ body: () throws(LineupError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError(error.description)
        }
    }
}
