import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Logging
import Testing

@testable import LineupServer

/// A sample club's database in a fresh folder, served in process: the routes run as the server runs them,
/// against a real SQLite file.
final class ServerFixture: Sendable {
    let folder: URL
    let path: String
    let database: SharedLineupDatabase
    let server: LineupServer
    /// A connection as the command line holds one (opened first, as a command would have been running).
    private let commandLineDatabase: LineupDatabase

    /// `listen` decides whether sign-in is required (any address but loopback requires it); `prepare` changes the
    /// sample club's file (at the path it is given) before anything opens it.
    init(
        listen host: String = "127.0.0.1", trustsProxy: Bool = false, busyTimeout: TimeInterval = 2,
        prepare: (String) throws -> Void = { _ in }
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lineup-server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("club.sqlite").path
        let setUp = try LineupDatabase.open(at: path, mode: .create)
        try setUp.loadSample()
        try setUp.close()
        try prepare(path)
        commandLineDatabase = try LineupDatabase.open(at: path, mode: .existing)
        database = try SharedLineupDatabase(at: path, readerCount: 2, busyTimeout: busyTimeout)
        server = LineupServer(
            database: database,
            configuration: ServerConfiguration(host: host, port: 0, trustsProxy: trustsProxy, signInAttempts: 3))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A connection of its own, as the command line has one. One for the whole test: in one process, a
    /// connection opened and closed beside the server's would drop the server's locks (POSIX locks belong to
    /// the process), which separate processes, the real case, never do.
    func commandLine() throws -> LineupDatabase {
        commandLineDatabase
    }

    /// Runs `body` with a client whose requests go straight to the router (of `other`, a second server on the
    /// same database, when given: as after a restart, or beside this one).
    func test<Value: Sendable>(
        server other: LineupServer? = nil, _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        var logger = Logger(label: "lineup-server-tests")
        logger.logLevel = .critical
        return try await Application(router: (other ?? server).router(), logger: logger).test(.router, body)
    }

    /// An account with a fast (cost 4) bcrypt hash of `password`.
    @discardableResult
    func addAccount(_ name: String, role: AccountRole, password: String = "correct horse") throws -> Account {
        try commandLine().addAccount(named: name, role: role, passwordHash: Bcrypt.hash(password, cost: 4))
    }

    static let sample = "Sample%20crew"
}

/// What the tests send and read.
extension TestClientProtocol {
    /// A request as the server's own page sends it: for a change, the server's Origin (nil: none, as from
    /// curl) and a JSON body.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, origin: String? = "http://localhost",
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if method != .get, let origin, headers[.origin] == nil { headers[.origin] = origin }
        if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body parsed as a JSON object.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The body parsed as a JSON array.
    var array: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
    }

    var errorMessage: String { object["error"] as? String ?? "" }
}

extension LineupChangeStore {
    /// `lineup exchange FIRST SECOND [-b BOAT]`: the store's one exchange, with the places named as the
    /// command line names them.
    @discardableResult
    func exchange(_ first: String, _ second: String, inBoat boat: String?) throws(StoreError) -> ChangeOutcome {
        try exchange(inBoat: BoatChoice(boat)) { state throws(LineupError) in
            try ExchangePlaces(first, second, on: state)
        }
    }

    /// `lineup lock PLACE` (or `unlock`) `[-b BOAT]`: the store's lock, with the seat named as the command
    /// line names it.
    @discardableResult
    func setLock(_ locked: Bool, at place: String, inBoat boat: String?) throws(StoreError) -> ChangeOutcome {
        try setLock(
            locked, inBoat: BoatChoice(boat), at: { state throws(LineupError) in try state.place(place) },
            expected: nil)
    }
}
