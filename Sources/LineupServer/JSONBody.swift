import Foundation
import HTTPTypes
import Hummingbird
import LineupPresentation

/// JSON responses, written by the one encoder every front end uses (`JSONCoding`).
enum JSONBody {
    static func response(_ document: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        // The documents are plain structs of strings and numbers: encoding them cannot fail.
        let text = (try? JSONCoding.encode(document)) ?? "{}\n"
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The request's body decoded from JSON (snake_case keys), or 422 saying what is wrong with it.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: ServerRequestContext)
        async throws -> T
    {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        if let key = DuplicateKeys.first(in: buffer.readableBytesView) {
            throw APIError.badInput("the request's JSON gives \"\(key)\" twice; give each key once")
        }
        if DuplicateKeys.hasTrailingComma(in: buffer.readableBytesView) {
            throw APIError.badInput("the request's JSON has a comma before a closing } or ]; JSON allows none")
        }
        let data = Data(buffer.readableBytesView)
        if let known = T.self as? any KnownFieldsBody.Type { try refuseUnknownFields(in: data, taking: known.fields) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(T.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) {
            // Where it is missing, as a path (`expected.target`) when it is inside an object.
            let field = Self.path(context.codingPath + [key])
            throw APIError.badInput("the request's JSON lacks \"\(field)\"")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = Self.path(context.codingPath)
            // No path: the body itself (an array, a string, null) is not the object the endpoint takes.
            guard !field.isEmpty else { throw APIError.badInput("the request's body must be a JSON object") }
            throw APIError.badInput("the request's JSON has the wrong kind of value for \"\(field)\"")
        } catch {
            throw APIError.badInput("the request's body is not the JSON document this endpoint takes")
        }
    }

    /// Refuses (400) a body object with a field outside `fields`, naming it: the decoder would pass over it,
    /// and a misspelt field would change nothing without a word. Fields count as the decoder reads them
    /// (`weight_kg` and `weightKg` alike); a body that is no JSON object is left to the decoder to report.
    static func refuseUnknownFields(in data: Data, taking fields: Set<String>) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        let known = Set(fields.map(DuplicateKeys.canonical))
        guard let unknown = object.keys.sorted().first(where: { !known.contains(DuplicateKeys.canonical($0)) })
        else { return }
        throw APIError(
            .badRequest,
            "the request's JSON has a field \"\(unknown.prefix(40))\" that this endpoint does not take; nothing was "
                + "changed; it takes \(fields.sorted().joined(separator: ", "))")
    }

    /// Where in the body a value is, as its keys say it: `expected.target`, `paddlers[1]`.
    static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue.snakeCased
            }
        }
    }
}

/// A request body that takes only the fields it names: any other is refused (400), naming it.
protocol KnownFieldsBody {
    /// The fields, as the JSON writes them (snake_case).
    static var fields: Set<String> { get }
}

extension String {
    /// `maxExchanges` as the JSON writes it: `max_exchanges`.
    fileprivate var snakeCased: String {
        var result = ""
        for character in self {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
