import NIOCore

/// A frame read from a client connection.
enum IPCFrame: Sendable {
    /// One line, without its `\n` (and without a trailing `\r`).
    case line(ByteBuffer)
    /// A line longer than the limit; its bytes were dropped up to the next `\n`.
    case overlong
}

/// Splits the byte stream of a connection into NDJSON lines, bounding memory per connection:
/// an overlong line is reported once and then skipped, never buffered whole.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = IPCFrame

    private let maximumLength: Int
    /// Bytes already searched for a newline, so a line arriving in many reads is scanned once.
    private var scanned = 0
    private var discarding = false

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let view = buffer.readableBytesView
        guard let newline = view[(view.startIndex + scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = view.count
            if buffer.readableBytes > maximumLength {
                if !discarding { context.fireChannelRead(wrapInboundOut(.overlong)) }
                discarding = true
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                scanned = 0
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        scanned = 0
        if discarding {
            discarding = false
            buffer.moveReaderIndex(forwardBy: length + 1)
            return .continue
        }
        guard length <= maximumLength else {
            buffer.moveReaderIndex(forwardBy: length + 1)
            context.fireChannelRead(wrapInboundOut(.overlong))
            return .continue
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(wrapInboundOut(.line(line)))
        return .continue
    }

    /// At end of input, a last line without `\n` still counts (a client may write and half-close).
    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, !discarding, let line = buffer.readSlice(length: buffer.readableBytes) {
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        scanned = 0
        return .needMoreData
    }
}
