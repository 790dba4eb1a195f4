import Foundation
import HTTPTypes
import LineupPresentation
import NIOCore
import NIOHTTPTypes

/// Keeps the server's connections within its limits. Every connection is counted from the moment it is
/// accepted, by its client's address; when the server, or one client, is at its limit, a new connection
/// takes the place of the longest-idle one (a connection waiting for its next request, or one whose request
/// has not finished arriving, its head or its body), so that a flood of idle connections never locks a coach out. A connection that
/// has not been answered yet gives way only after `evictionGrace`, so that one whose first request is on its
/// way gets its answer, unless the server is full and its client holds the most connections while the
/// newcomer's holds fewer. Only when no connection can give way is the new one refused, with a 503.
final class ConnectionGovernor: @unchecked Sendable {
    /// What a new connection is told.
    enum Admission: Equatable {
        case admitted(id: UInt64)
        /// Its first request is answered 503, and it is closed.
        case refused(id: UInt64)
    }

    let limits: ConnectionLimits
    /// False behind a proxy, whose address every connection has.
    let limitsEachClient: Bool
    let evictionGrace: Duration

    private struct Entry {
        let channel: any Channel
        let client: String
        /// A request is being answered (or its answer written, such as the change feed's).
        var busy = false
        /// Set each time the connection becomes idle; a queue's item is current only with the same stamp.
        var idleStamp: UInt64 = 0
        var idleSince = ContinuousClock.now
        /// Closed to make room, or refused: no longer counted against the limits.
        var released = false
    }

    /// Idle connections, oldest first; an item whose stamp is no longer the connection's own is out of date
    /// and skipped.
    private struct IdleQueue {
        private var items: [(id: UInt64, stamp: UInt64)] = []
        private var start = 0

        mutating func append(_ id: UInt64, _ stamp: UInt64) {
            items.append((id, stamp))
        }

        /// The oldest current item, out-of-date ones before it dropped.
        mutating func oldest(isCurrent: (UInt64, UInt64) -> Bool) -> UInt64? {
            while start < items.count, !isCurrent(items[start].id, items[start].stamp) { start += 1 }
            if start > 64, start * 2 > items.count {
                items.removeFirst(start)
                start = 0
            }
            return start < items.count ? items[start].id : nil
        }

        mutating func removeOldest() {
            start += 1
        }

        /// Items held, out-of-date ones included.
        var count: Int { items.count - start }

        /// Drops every out-of-date item, so that a server that is never full does not keep one item for each
        /// answer it ever gave.
        mutating func prune(isCurrent: (UInt64, UInt64) -> Bool) {
            items = items[start...].filter { isCurrent($0.id, $0.stamp) }
            start = 0
        }
    }

    /// The idle connections of one client, or of all: those answered at least once, and those not yet.
    private struct IdleConnections {
        var answered = IdleQueue()
        var unanswered = IdleQueue()
    }

    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 1
    private var nextStamp: UInt64 = 1
    private var counted = 0
    private var countedByClient: [String: Int] = [:]
    private var idle = IdleConnections()
    private var idleByClient: [String: IdleConnections] = [:]

    init(limits: ConnectionLimits, limitsEachClient: Bool, evictionGrace: Duration = .seconds(1)) {
        self.limits = limits
        self.limitsEachClient = limitsEachClient
        self.evictionGrace = evictionGrace
    }

    /// Counts a new connection from `client`, closing the longest-idle connection when it needs the room.
    func admit(_ channel: any Channel, client: String) -> Admission {
        let (admission, evicted) = lock.withLock { () -> (Admission, (any Channel)?) in
            let id = nextID
            nextID += 1
            var evicted: (any Channel)?
            var room = true
            if limitsEachClient, countedByClient[client, default: 0] >= limits.connectionsPerClient {
                evicted = evictLongestIdle(of: client)
                room = evicted != nil
            }
            if room, evicted == nil, counted >= limits.connections {
                evicted = evictLongestIdle(of: nil) ?? evictFromTheBusiestClient(for: client)
                room = evicted != nil
            }
            var entry = Entry(channel: channel, client: client)
            entry.released = !room
            entries[id] = entry
            guard room else { return (.refused(id: id), nil) }
            counted += 1
            countedByClient[client, default: 0] += 1
            markIdle(id, answered: false)
            return (.admitted(id: id), evicted)
        }
        evicted?.close(promise: nil)
        return admission
    }

    /// A request's head arrived, its body may still be on its way: the connection may give way as one not yet
    /// answered does, the grace counted from now. While an earlier request on it is being answered it stays
    /// busy, until `afterAnswer` says that answer is written and this request is the one still arriving.
    func requestArriving(_ id: UInt64, afterAnswer: Bool = false) {
        lock.withLock {
            guard entries[id] != nil else { return }
            if afterAnswer { entries[id]?.busy = false }
            guard entries[id]?.busy == false else { return }
            markIdle(id, answered: false)
        }
    }

    /// A whole request arrived: the connection is busy until its answer is written.
    func requestStarted(_ id: UInt64) {
        lock.withLock { entries[id]?.busy = true }
    }

    /// Every request on the connection is answered: it waits for the next one.
    func requestsAnswered(_ id: UInt64) {
        lock.withLock {
            guard entries[id] != nil else { return }
            entries[id]?.busy = false
            markIdle(id, answered: true)
        }
    }

    /// The connection closed.
    func closed(_ id: UInt64) {
        lock.withLock {
            guard let entry = entries.removeValue(forKey: id) else { return }
            if !entry.released { release(entry) }
        }
    }

    /// Closes every connection, busy or not (the server is stopping and waited long enough).
    func closeAll() {
        let channels = lock.withLock { entries.values.map(\.channel) }
        for channel in channels { channel.close(promise: nil) }
    }

    /// Connections counted against the limits (refused ones and those closed to make room aside).
    var connectionCount: Int { lock.withLock { counted } }

    // MARK: - Under the lock

    private func markIdle(_ id: UInt64, answered: Bool) {
        guard let client = entries[id]?.client else { return }
        let stamp = nextStamp
        nextStamp += 1
        entries[id]?.idleStamp = stamp
        entries[id]?.idleSince = .now
        if answered {
            idle.answered.append(id, stamp)
            if limitsEachClient { idleByClient[client, default: IdleConnections()].answered.append(id, stamp) }
        } else {
            idle.unanswered.append(id, stamp)
            if limitsEachClient { idleByClient[client, default: IdleConnections()].unanswered.append(id, stamp) }
        }
        if idle.answered.count + idle.unanswered.count > 2 * entries.count + 1024 { pruneIdleQueues() }
    }

    private func isCurrent(_ id: UInt64, _ stamp: UInt64) -> Bool {
        guard let entry = entries[id] else { return false }
        return !entry.busy && !entry.released && entry.idleStamp == stamp
    }

    private func pruneIdleQueues() {
        idle.answered.prune(isCurrent: isCurrent)
        idle.unanswered.prune(isCurrent: isCurrent)
        for client in Array(idleByClient.keys) {
            idleByClient[client]?.answered.prune(isCurrent: isCurrent)
            idleByClient[client]?.unanswered.prune(isCurrent: isCurrent)
        }
    }

    /// When the server is full and no connection has been idle past the grace (a flood still arriving): the
    /// client holding the most connections gives up its longest-idle one, grace or not, to a client holding at
    /// least two fewer (so that two clients do not take turns), so that a flood kept up from a few addresses
    /// cannot keep a coach on another one out.
    private func evictFromTheBusiestClient(for client: String) -> (any Channel)? {
        guard limitsEachClient, let busiest = countedByClient.max(by: { $0.value < $1.value }),
            busiest.value > countedByClient[client, default: 0] + 1
        else { return nil }
        return evictLongestIdle(of: busiest.key, ignoringGrace: true)
    }

    /// Releases the longest-idle connection (of `client`, or of anyone) that may give way, and returns it to
    /// be closed. One not yet answered gives way only after the grace, unless `ignoringGrace`.
    private func evictLongestIdle(of client: String?, ignoringGrace: Bool = false) -> (any Channel)? {
        var queues = client.flatMap { idleByClient[$0] } ?? (client == nil ? idle : IdleConnections())
        defer {
            if let client { idleByClient[client] = queues } else { idle = queues }
        }
        let answered = queues.answered.oldest(isCurrent: isCurrent)
        var unanswered = queues.unanswered.oldest(isCurrent: isCurrent)
        if !ignoringGrace, let id = unanswered, let since = entries[id]?.idleSince,
            ContinuousClock.now - since < evictionGrace
        {
            unanswered = nil
        }
        let chosen: UInt64
        switch (answered, unanswered) {
        case (nil, nil):
            return nil
        case (let id?, nil):
            chosen = id
            queues.answered.removeOldest()
        case (nil, let id?):
            chosen = id
            queues.unanswered.removeOldest()
        case (let first?, let second?):
            let firstIsOlder = (entries[first]?.idleSince ?? .now) <= (entries[second]?.idleSince ?? .now)
            chosen = firstIsOlder ? first : second
            if firstIsOlder { queues.answered.removeOldest() } else { queues.unanswered.removeOldest() }
        }
        guard let entry = entries[chosen] else { return nil }
        entries[chosen]?.released = true
        release(entry)
        return entry.channel
    }

    private func release(_ entry: Entry) {
        counted -= 1
        let left = countedByClient[entry.client, default: 1] - 1
        countedByClient[entry.client] = left > 0 ? left : nil
        if left <= 0 { idleByClient[entry.client] = nil }
    }
}

/// The governor's part in each connection's pipeline (after HTTP decoding): counts the connection in, marks
/// it busy while a request is answered, closes it when no complete request arrives within `requestTimeout`
/// of its start or of its last answer (however slowly its bytes trickle in), and answers a refused
/// connection's request with 503.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let governor: ConnectionGovernor
    private let requestTimeout: TimeAmount
    private var id: UInt64?
    private var refused = false
    private var answeredRefusal = false
    /// Requests whose head arrived and whose answer is not yet written.
    private var unanswered = 0
    private var readingRequest = false
    /// An answer's head went out and its end has not: a long answer such as the change feed's.
    private var answering = false
    private var deadline: Scheduled<Void>?

    /// How long a refused connection has to send the request that is answered 503.
    static let refusalTimeout = TimeAmount.seconds(2)

    init(governor: ConnectionGovernor, requestTimeout: TimeAmount) {
        self.governor = governor
        self.requestTimeout = requestTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard id == nil else { return }
        let client = context.channel.remoteAddress?.ipAddress.map(ClientKey.of) ?? "unknown"
        switch governor.admit(context.channel, client: client) {
        case .admitted(let id):
            self.id = id
            arm(context, requestTimeout)
        case .refused(let id):
            self.id = id
            refused = true
            arm(context, Self.refusalTimeout)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        if let id { governor.closed(id) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if refused {
            if case .head = part, !answeredRefusal { refuse(context) }
            return
        }
        switch part {
        case .head:
            unanswered += 1
            readingRequest = true
            // Still arriving: it may give way (after the grace), so that requests whose bodies are held back
            // cannot keep everyone else out.
            if let id { governor.requestArriving(id) }
        case .body:
            break
        case .end:
            readingRequest = false
            disarm()
            if unanswered > 0 {
                if let id { governor.requestStarted(id) }
            } else {
                // Answered before it had all arrived (refused, say): it waits for the next request.
                arm(context, requestTimeout)
            }
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The client closed its side while a long answer was being written to it: browsers do so only when
        // they leave, and the answer would otherwise hold the connection until a write failed.
        if let event = event as? ChannelEvent, event == .inputClosed, answering {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if case .head = part { answering = true }
        if case .end = part {
            answering = false
            unanswered = max(0, unanswered - 1)
            if unanswered == 0 {
                if let id { governor.requestsAnswered(id) }
                arm(context, requestTimeout)
            } else if readingRequest {
                // The next request (pipelined) is still arriving: it may give way, as a first one would.
                if let id { governor.requestArriving(id, afterAnswer: true) }
                arm(context, requestTimeout)
            }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext, _ timeout: TimeAmount) {
        guard deadline == nil else { return }
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }

    /// The 503 a refused connection's request gets, then the connection is closed.
    private func refuse(_ context: ChannelHandlerContext) {
        let body = ByteBuffer(string: Self.refusalDocument)
        var fields: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .cacheControl: "no-store", .connection: "close",
            .retryAfter: String(Self.retryAfter), .contentLength: String(body.readableBytes),
            .xContentTypeOptions: "nosniff", .contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
        ]
        if let referrerPolicy = HTTPField.Name("Referrer-Policy") { fields[referrerPolicy] = "no-referrer" }
        let channel = context.channel
        answeredRefusal = true
        context.write(
            wrapOutboundOut(.head(HTTPResponse(status: .serviceUnavailable, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Seconds a refused client is asked to wait.
    static let retryAfter = 5

    static let refusalDocument: String =
        (try? JSONCoding.encode(
            APIError.Document(
                error: "the server is answering as many connections as it can; nothing was changed",
                hint: "try again in a few seconds", details: [], status: 503))) ?? "{}\n"
}
