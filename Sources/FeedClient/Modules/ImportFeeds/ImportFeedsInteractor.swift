#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// Reads the file in the client (the daemon may run as another user or in a sandbox) and sends
/// its text to the daemon, which reads and subscribes.
public final class ImportFeedsInteractor: ImportFeedsUseCase {
    /// The largest file sent: a request is one line of at most `WireCoding.maximumLineLength`
    /// (1 MiB) bytes, and JSON escaping makes the text a little longer.
    public static let fileLimit = 1_000_000
    /// Room in a request line for everything but the document: `jsonrpc`, `id`, `method`.
    static let envelopeAllowance = 256

    private let daemon: any DaemonClient
    private let reader: any ImportFileReader

    public init(daemon: any DaemonClient, reader: any ImportFileReader) {
        self.daemon = daemon
        self.reader = reader
    }

    public func importFeeds(from path: String, format: ImportFormat?, allowCommands: Bool) async throws -> ImportedFeeds {
        let text = try reader.text(ofFileAt: path, limit: Self.fileLimit)
        try await DaemonWouldRunCommands.check(
            daemon, allowCommands: allowCommands, would: "subscribe to the file's command feeds without a word")
        let params = RPC.Import.Params(document: text, format: format, allowCommands: allowCommands ? true : nil)
        // The daemon closes the connection on an over-long line, which would read as a crash;
        // a file of quotes and backslashes doubles in size when escaped.
        let encoded = try WireCoding.makeEncoder().encode(params)
        guard encoded.count + Self.envelopeAllowance <= WireCoding.maximumLineLength else {
            throw ImportFileError.requestTooLarge
        }
        let result = try await daemon.request(RPC.Import.self, params)
        return ImportedFeeds(
            format: result.format, added: result.added, existing: result.existing, skipped: result.skipped,
            views: result.views ?? [], existingViews: result.existingViews ?? [])
    }
}
