/// Lists and counts as a sentence says them.
public enum ListWords {
    /// `L1`, `L1 and R2`, `L1, R2 and L5`; empty for no items.
    public static func joined(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }

    /// `1 minute`, `3 minutes`, `2 people`.
    public static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
