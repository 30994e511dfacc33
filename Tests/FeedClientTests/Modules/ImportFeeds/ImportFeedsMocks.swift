import FeedEntities
import FeedIPC
@testable import FeedClient

final class ImportFeedsViewSpy: ImportFeedsView {
    private(set) var reports: [ImportReport] = []
    private(set) var failures: [CommandFailure] = []
    func showImport(_ report: ImportReport) { reports.append(report) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ImportFeedsUseCaseStub: ImportFeedsUseCase {
    var result: Result<ImportedFeeds, any Error>
    private(set) var requests: [(path: String, format: ImportFormat?, allowCommands: Bool)] = []
    init(_ result: Result<ImportedFeeds, any Error>) { self.result = result }
    func importFeeds(from path: String, format: ImportFormat?, allowCommands: Bool) async throws -> ImportedFeeds {
        requests.append((path, format, allowCommands))
        return try result.get()
    }
}

/// Hands out a fixed text (or error) instead of reading a file.
final class ImportFileReaderStub: ImportFileReader {
    var result: Result<String, ImportFileError>
    private(set) var reads: [(path: String, limit: Int)] = []
    init(_ result: Result<String, ImportFileError>) { self.result = result }
    func text(ofFileAt path: String, limit: Int) throws -> String {
        reads.append((path, limit))
        return try result.get()
    }
}

extension ImportReport {
    static func fixture(
        summary: String = "Imported 1 feed; the daemon fetches it now", notes: [String] = [],
        added: [FeedRow] = [.fixture(4)], existing: [FeedRow] = [], skipped: [ImportSkip] = []
    ) -> ImportReport {
        ImportReport(format: "opml", summary: summary, notes: notes, added: added, existing: existing, skipped: skipped)
    }
}
