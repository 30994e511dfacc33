import NIOCore
import NIOHTTP1

/// Serves one connection of a `TestHTTPServer`: collects a request, asks the server for the
/// response, and writes it, after its delay if it has one. Runs on the connection's event loop.
final class TestHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: TestHTTPServer
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// False once the client is gone: a delayed response then has nowhere to go.
    private var isActive = true
    /// Responses picked and not yet fully written (the server counts them across connections).
    private var pending = 0

    init(server: TestHTTPServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(var buffer):
            body += buffer.readBytes(length: buffer.readableBytes) ?? []
        case .end:
            guard let head else { return }
            self.head = nil
            let request = Self.record(head, body: body)
            let response = server.respond(to: request)
            pending += 1
            if let delay = response.delay {
                context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(delay)) {
                    self.writeThroughGate(response, to: head, context: context)
                }
            } else {
                writeThroughGate(response, to: head, context: context)
            }
        }
    }

    /// Writes `response` now, or once its gate opens (back on this connection's event loop).
    private func writeThroughGate(_ response: TestHTTPResponse, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let gate = response.gate else { return write(response, to: request, context: context) }
        let loop = context.eventLoop
        let resume = NIOLoopBound((self, context), eventLoop: loop)
        gate.whenOpen {
            loop.execute {
                let (handler, context) = resume.value
                handler.write(response, to: request, context: context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        isActive = false
        settlePending()
        context.fireChannelInactive()
    }

    /// One response is done with; or, with `all`, every response of a connection that closed.
    private func settlePending(all: Bool = true) {
        let count = all ? pending : min(pending, 1)
        pending -= count
        for _ in 0..<count { server.responded() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset or a malformed request ends this connection only.
        isActive = false
        context.close(promise: nil)
    }

    private func write(_ response: TestHTTPResponse, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard isActive else { return }
        var headers = HTTPHeaders(response.headers)
        let status = HTTPResponseStatus(statusCode: response.status)
        let mayHaveBody = request.method != .HEAD && response.status != 204 && response.status != 304
            && !(100..<200).contains(response.status)
        let isChunked = headers[canonicalForm: "transfer-encoding"].contains { $0.lowercased() == "chunked" }
        let repeatedCount = response.repeatedBody.map { $0.piece.count * $0.times } ?? 0
        if mayHaveBody, !isChunked, !headers.contains(name: "content-length") {
            headers.add(name: "Content-Length", value: String(response.body.count + repeatedCount))
        }
        if !request.isKeepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }

        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        if let truncatedAfter = response.truncatedAfter {
            let buffer = context.channel.allocator.buffer(bytes: response.body.prefix(truncatedAfter))
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        if mayHaveBody, let pace = response.pace {
            context.flush()
            trickle(response.body[...], pace: pace, request: request, context: context)
            return
        }
        if mayHaveBody, let repeated = response.repeatedBody {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
            let piece = context.channel.allocator.buffer(bytes: repeated.piece)
            stream(piece, times: repeated.times, request: request, context: context)
            return
        }
        if mayHaveBody, !response.body.isEmpty {
            let pieceSize = isChunked ? 1024 : response.body.count
            var start = 0
            while start < response.body.count {
                let end = min(start + pieceSize, response.body.count)
                let buffer = context.channel.allocator.buffer(bytes: response.body[start..<end])
                context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                start = end
            }
        }
        finish(request, context: context)
    }

    /// Ends the response, and the connection when the client did not ask to keep it.
    private func finish(_ request: HTTPRequestHead, context: ChannelHandlerContext) {
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        written.assumeIsolated().whenComplete { _ in self.settlePending(all: false) }
        if !request.isKeepAlive {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Writes `rest` a piece at a time, one piece per `pace.every`, then ends the response.
    private func trickle(
        _ rest: ArraySlice<UInt8>, pace: (bytes: Int, every: Duration), request: HTTPRequestHead,
        context: ChannelHandlerContext
    ) {
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.timeAmount(pace.every)) {
            guard self.isActive else { return }
            guard !rest.isEmpty else {
                context.writeAndFlush(self.wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in self.settlePending(all: false) }
                return
            }
            let piece = rest.prefix(max(1, pace.bytes))
            context.writeAndFlush(self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: piece)))), promise: nil)
            self.trickle(rest.dropFirst(piece.count), pace: pace, request: request, context: context)
        }
    }

    /// Writes `piece` `times` more times, each after the previous write went out (the same
    /// buffer every time: no copy), then ends the response.
    private func stream(_ piece: ByteBuffer, times: Int, request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard isActive else { return }
        guard times > 0 else {
            finish(request, context: context)
            return
        }
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(piece)))).assumeIsolated().whenComplete { result in
            guard case .success = result else { return }
            // Through the event loop's queue, so that a long body does not nest one call per piece.
            context.eventLoop.assumeIsolated().execute {
                self.stream(piece, times: times - 1, request: request, context: context)
            }
        }
    }

    private static func record(_ head: HTTPRequestHead, body: [UInt8]) -> RecordedRequest {
        let target = head.uri
        let path: String
        let query: String?
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
        return RecordedRequest(
            method: head.method.rawValue, path: path, query: query,
            version: "HTTP/\(head.version.major).\(head.version.minor)",
            headers: head.headers.map { ($0.name, $0.value) }, body: body)
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
