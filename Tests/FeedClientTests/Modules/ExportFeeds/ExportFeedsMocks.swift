import FeedEntities
@testable import FeedClient

final class ExportFeedsViewSpy: ExportFeedsView {
    private(set) var documents: [String] = []
    private(set) var saved: [String] = []
    private(set) var notes: [String] = []
    private(set) var failures: [CommandFailure] = []
    func showDocument(_ text: String) { documents.append(text) }
    func showSaved(_ message: String) { saved.append(message) }
    func showNote(_ note: String) { notes.append(note) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ExportFeedsUseCaseStub: ExportFeedsUseCase {
    var result: Result<[Feed], any Error>
    var saveError: ExportFileError?
    private(set) var saves: [(text: String, path: String)] = []
    init(_ result: Result<[Feed], any Error>) { self.result = result }
    var views: [SavedView] = []
    private(set) var viewsAsked = 0
    func feeds() async throws -> [Feed] { try result.get() }
    func views() async throws -> [SavedView] {
        viewsAsked += 1
        return views
    }
    func save(_ text: String, toPath path: String) throws {
        saves.append((text, path))
        if let saveError { throw saveError }
    }
}

final class ExportFileWriterSpy: ExportFileWriter {
    var error: ExportFileError?
    private(set) var writes: [(text: String, path: String)] = []
    func write(_ text: String, toPath path: String) throws {
        writes.append((text, path))
        if let error { throw error }
    }
}

/// Feeds with tags, custom titles and text that needs escaping.
enum ExportFixtures {
    static var feeds: [Feed] {
        let plain = Fixtures.feed(1, title: "Planet Terminal")
        var kernel = Fixtures.feed(2, title: #"Kernel <Notes> & "Friends" it's"#, url: "https://kernel.example/feed?a=1&b=2")
        kernel.siteLink = nil
        kernel.tags = ["linux", "news"]
        kernel.hasCustomTitle = true
        var chinese = Fixtures.feed(3, title: "中文博客 🎉", url: "https://zh.example/feed")
        chinese.tags = ["Linux"]
        let controls = Fixtures.feed(4, title: "Ctrl\u{1B}\u{7}\u{85}Title\u{FFFE}\tTab", url: "https://ctrl.example/feed")
        return [plain, kernel, chinese, controls]
    }
}
