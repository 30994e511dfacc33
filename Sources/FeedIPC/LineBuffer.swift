/// Splits a byte stream into NDJSON lines, refusing lines longer than a limit.
///
/// Used by the client on its blocking socket; the daemon frames with a NIO decoder that shares
/// `WireCoding.maximumLineLength`.
public struct LineBuffer: Sendable {
    public enum Failure: Error, Equatable {
        case lineTooLong(limit: Int)
    }

    private var pending: [UInt8] = []
    /// How much of `pending` is known to hold no newline: a line of megabytes arrives in many
    /// reads, and each is searched once.
    private var searched = 0
    private let limit: Int

    public init(limit: Int = WireCoding.maximumLineLength) {
        self.limit = limit
    }

    /// Appends bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        pending.append(contentsOf: bytes)
    }

    /// The next complete line without its terminator (a trailing `\r` is dropped too), or `nil`
    /// when no full line is buffered yet.
    /// - Throws: `Failure.lineTooLong` when the buffered line exceeds the limit.
    public mutating func nextLine() throws -> [UInt8]? {
        guard let newline = pending[searched...].firstIndex(of: 0x0A) else {
            searched = pending.count
            if pending.count > limit { throw Failure.lineTooLong(limit: limit) }
            return nil
        }
        guard newline <= limit else { throw Failure.lineTooLong(limit: limit) }
        searched = 0
        var line: [UInt8]
        if newline == pending.count - 1 {
            // The whole buffer is the line (an answer of megabytes, most often): taken, not copied.
            line = pending
            line.removeLast()
            pending = []
        } else {
            line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
        }
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    /// Bytes buffered after the last complete line.
    public var bufferedCount: Int { pending.count }
}
