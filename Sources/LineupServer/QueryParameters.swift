import Foundation
import Hummingbird

/// A request's query as the server reads it: `name=value` pairs split at `&`, the names percent-decoded as
/// the values are, and `+` read as a space (form encoding, as a browser sends a form), so that `w%65ights`
/// is `weights` and `Spring+Cup` is `Spring Cup`. `Request.queryValue` reads one parameter from it.
struct QueryParameters: Sendable {
    /// The pairs in the order given; a part without `=` is a name with an empty value.
    let pairs: [(name: String, value: String)]

    /// The pairs of `query` (the part after `?`, as sent); refused (422) when a part is not percent-encoded
    /// UTF-8 text or a value has no name.
    init(_ query: String?) throws {
        var pairs: [(name: String, value: String)] = []
        for part in (query ?? "").split(separator: "&") {
            let equals = part.firstIndex(of: "=")
            let name = try Self.decoded(part[..<(equals ?? part.endIndex)])
            let value = try equals.map { try Self.decoded(part[part.index(after: $0)...]) } ?? ""
            guard !name.isEmpty else {
                throw APIError.badInput("the query gives a value with no parameter name: give name=value")
            }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    /// The values given for `name`, in order.
    func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Refuses (422) a parameter not among `known` (naming it and those the route takes) and one given twice.
    func refuse(otherThan known: [String]) throws {
        for (name, _) in pairs where !known.contains(name) {
            let takes =
                known.isEmpty
                ? "this route takes no query parameters" : "this route takes \(known.joined(separator: ", "))"
            throw APIError.badInput("\(Self.echoed(name)) is not a query parameter of this route: \(takes)")
        }
        for name in known {
            let count = values(name).count
            if count > 1 { throw APIError.badInput("\(name) is given \(count) times in the query: give it once") }
        }
    }

    /// `text` with `+` as a space, then percent-decoded.
    private static func decoded(_ text: Substring) throws -> String {
        guard let decoded = String(text.map { $0 == "+" ? " " : $0 }).removingPercentEncoding else {
            throw APIError.badInput(
                "the query is not percent-encoded UTF-8 text at '\(echoed(String(text)))': encode it as a form does")
        }
        return decoded
    }

    /// A name as an error echoes it: one line, at most 40 characters.
    static func echoed(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 }.prefix(40))
    }
}

extension Request {
    /// The query parameter `name`, percent-decoded with `+` a space; nil when absent. Given twice it is refused
    /// (422), as a JSON body's repeated key is: taking either value would guess which one the client meant.
    func queryValue(_ name: String) throws -> String? {
        let values = try QueryParameters(uri.query).values(name)
        guard values.count <= 1 else {
            throw APIError.badInput("\(name) is given \(values.count) times in the query: give it once")
        }
        return values.first
    }

    /// The query parameter `name` as a whole number of at least 1; nil when absent.
    func positiveInteger(_ name: String, maximum: Int = 1_000_000) throws -> Int? {
        guard let text = try queryValue(name) else { return nil }
        guard let value = Int(text), value >= 1, value <= maximum else {
            throw APIError.badInput("\(name) must be a whole number from 1 to \(maximum), not '\(text.prefix(40))'")
        }
        return value
    }

    /// The boolean query parameter `name`: exactly `true` or `false` (and `1` or `0` where `digits`, as the
    /// OpenAPI document lists for the regatta plan's); anything else is refused (422) naming the parameter and
    /// what it takes. Nil when absent.
    func queryFlag(_ name: String, digits: Bool = false) throws -> Bool? {
        guard let text = try queryValue(name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        case "1" where digits: return true
        case "0" where digits: return false
        default:
            let accepted = digits ? "true, false, 1 or 0" : "true or false"
            throw APIError.badInput("\(name) must be \(accepted), not '\(QueryParameters.echoed(text))'")
        }
    }
}
