import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Server-sent events: `event: change` whenever the database changed (by this server, another browser or the
/// command line), so an open page reads its boat again; a comment every 15 seconds keeps the line open.
extension LineupServer {
    func addEventRoutes(to router: Routes) {
        router.get("api/events") { _, context in
            try context.requireViewer()
            let (id, stream) = await feed.subscribeWithID()
            let feed = feed
            let body = ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                // A server that is stopping ends the stream, so it need not wait for the page to leave.
                try await withGracefulShutdownHandler {
                    for await event in stream {
                        switch event {
                        case .changed(let version):
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
}
