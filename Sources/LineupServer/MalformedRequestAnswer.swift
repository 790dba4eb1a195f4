import HTTPTypes
import LineupPresentation
import NIOCore
import NIOHTTPTypes

/// The framework answers a request it cannot parse (a broken header line, a bad chunk size) on the
/// connection itself, before any route or middleware, with a bare 400 and no body. This handler, in the
/// connection's pipeline, gives that answer what every other answer has: the security headers and the JSON
/// error document.
final class MalformedRequestAnswer: ChannelOutboundHandler, RemovableChannelHandler, Sendable {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The framework's own 400 is the only answer without a content type; the routes' all have one.
        guard case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest,
            head.headerFields[.contentType] == nil
        else {
            context.write(data, promise: promise)
            return
        }
        let document = APIError.Document(
            error: "the request is not HTTP this server can read (a malformed request line, header or body)",
            hint: nil, details: [], status: head.status.code)
        let body = ByteBuffer(string: (try? JSONCoding.encode(document)) ?? "{}\n")
        head.headerFields[.contentType] = "application/json; charset=utf-8"
        head.headerFields[.cacheControl] = "no-store"
        head.headerFields[.contentLength] = String(body.readableBytes)
        SecurityHeadersMiddleware.addHeaders(to: &head.headerFields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: promise)
    }
}
