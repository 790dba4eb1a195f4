import LineupCore
import LineupPresentation
import LineupStore

/// Prints what a change to the day (`regatta attend`, `race add`, `race move`) did to the regatta's conflicts
/// and race rules, in `RegattaChangeWords`' words, after the change's own output.
enum RegattaChangeReport {
    /// Prints what `change` did to regatta `name`'s problems after its own output. A failure to read the
    /// regatta afterwards leaves the change's success as it is: the report is a courtesy, not the change.
    static func printing<Result>(
        regatta name: String, in db: LineupDatabase, _ change: () throws -> Result
    ) throws -> Result {
        let before = try? db.regattaState(name)
        let result = try change()
        if let before, let after = try? db.regattaState(before.info.name) {
            let lines = RegattaChangeWords.lines(before: before, after: after, style: Terminal.style)
            if !lines.isEmpty { print(lines.joined(separator: "\n")) }
        }
        return result
    }
}
