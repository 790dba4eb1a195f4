/// Which boat a store call is for, as the front end chose it. The store finds the boat inside the call's own
/// transaction, so a boat renamed or removed meanwhile is never half found.
public enum BoatChoice: Hashable, Sendable {
    /// The boat chosen with `lineup use`, or the club's only boat.
    case current
    /// A boat the command line named: its whole name, or a word of it or the start of one that fits one boat.
    case named(String)
    /// A boat named whole (in any case) and nothing else: the API's way, so that a change never lands on
    /// another boat whose name merely starts the same.
    case wholeName(String)
    /// The boat with this id, whatever it is called now: a front end that stays on one boat (the editor)
    /// follows it through a rename and never reaches another boat given its old name.
    case id(Int64)

    /// `.named(name)`, or `.current` when no name was given (a command line without `--boat`).
    public init(_ name: String?) {
        self = name.map(BoatChoice.named) ?? .current
    }
}
