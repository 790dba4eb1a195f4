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

    /// A draft for `name` with the fields given, each checked; bad values are usage errors. Without
    /// `validatingName`, `name` is only the text a paddler is looked up by, and is kept as typed.
    func draft(name: String, validatingName: Bool = true) throws -> PaddlerDraft {
        var draft = PaddlerDraft(
            name: validatingName ? try usage { () throws(LineupError) in try PaddlerRules.validatedName(name) } : name)
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
        if let notes { draft.notes = try usage { () throws(LineupError) in try PaddlerRules.validatedNotes(notes) } }
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

extension BoatOptions {
    /// Refuses, as bad usage and before any file is opened, a new boat name the rules refuse.
    static func validateNewName(_ name: String) throws {
        do {
            _ = try PaddlerRules.validatedName(name, of: .boat)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
