import FeedEntities
import FeedIPC

/// Reads the feeds from the daemon and saves documents through an `ExportFileWriter`.
public final class ExportFeedsInteractor: ExportFeedsUseCase {
    private let daemon: any DaemonClient
    private let writer: any ExportFileWriter

    public init(daemon: any DaemonClient, writer: any ExportFileWriter) {
        self.daemon = daemon
        self.writer = writer
    }

    public func feeds() async throws -> [Feed] {
        try await daemon.request(RPC.ListFeeds.self, .init()).feeds
    }

    public func views() async throws -> [SavedView] {
        do {
            return try await daemon.request(RPC.ListViews.self, .init()).views
        } catch DaemonRefusal.unsupported {
            return []
        }
    }

    public func save(_ text: String, toPath path: String) throws {
        try writer.write(text, toPath: path)
    }
}
