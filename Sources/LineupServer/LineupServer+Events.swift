import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Server-sent events: `event: change` whenever the database changed (by this server, another browser or the
/// command line), so an open page reads its boat again; a comment every 15 seconds keeps the line open. The
/// stream ends when the server stops or the session it was opened with ends.
extension LineupServer {
    func addEventRoutes(to router: Routes) {
        router.get("api/events") { request, context in
            try context.requireViewer()
            return try await changeStream(request, context, sessionDigest: context.sessionDigest)
        }
    }

    /// A stream of the feed's events for one page, counted against the client's share of streams; with
    /// `onChange`, each change is told, passed over, or ends the stream as it says (a paddler's link revoked).
    func changeStream(
        _ request: Request, _ context: ServerRequestContext, sessionDigest: String?,
        onChange: (@Sendable () async -> StreamStep)? = nil
    ) async throws -> Response {
        // Each stream holds a connection for as long as the page is open: they get a share of the
        // connections, each client a share of that, and a page refused here tries again later.
        guard
            let (id, stream) = await feed.subscribeWithID(
                client: clientAddress(request, context), sessionDigest: sessionDigest)
        else {
            throw APIError(
                .serviceUnavailable, "the server has as many change feeds open as it can hold",
                hint: "close pages of this server you no longer use; this page tries again by itself",
                retryAfter: 10)
        }
        let feed = feed
        // A page that went away frees its place at once, not at the next heartbeat's failed write.
        context.connectionClosed.whenComplete { _ in Task { await feed.finish(id) } }
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
            // A server that is stopping ends the stream, so it need not wait for the page to leave.
            try await withGracefulShutdownHandler {
                for await event in stream {
                    switch event {
                    case .changed(let version):
                        switch await onChange?() ?? .send {
                        case .close:
                            await feed.finish(id)
                            continue
                        case .skip:
                            continue
                        case .send:
                            break
                        }
                        try await writer.write(
                            ByteBuffer(string: "event: change\ndata: {\"version\": \(version)}\n\n"))
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    }
                }
            } onGracefulShutdown: {
                Task { await feed.finish(id) }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                // nginx and others buffer answers unless told not to; events must go out as they happen.
                HTTPField.Name("X-Accel-Buffering") ?? .cacheControl: "no",
            ],
            body: body)
    }
}

/// What a change stream does with one change of the database: tell the page, say nothing (it changed nothing
/// the page shows), or end (what the stream was opened with no longer opens).
enum StreamStep: Sendable {
    case send, skip, close
}
