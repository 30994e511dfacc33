import FeedEntities
@testable import FeedClient

final class OpenItemViewSpy: OpenItemView {
    private(set) var failures: [CommandFailure] = []
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class OpenItemUseCaseStub: OpenItemUseCase {
    var item: Result<Item, any Error>
    var browser: String?
    var markReadError: (any Error)?
    /// What `newestUnreadItem` returns.
    var newest: Result<Item?, any Error> = .success(nil)
    private(set) var askedForNewest = 0
    private(set) var markedRead: [Int64] = []
    private(set) var requested: [Int64] = []

    init(_ item: Result<Item, any Error>, browser: String? = nil) {
        self.item = item
        self.browser = browser
    }

    func item(number: Int64) async throws -> Item {
        requested.append(number)
        return try item.get()
    }

    func newestUnreadItem() async throws -> Item? {
        askedForNewest += 1
        return try newest.get()
    }

    func configuredBrowser() async throws -> String? { browser }

    /// The real decision: the presenter's tests check the messages it leads to.
    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        try OpenTarget.of(item, enclosure: enclosure)
    }

    func markRead(number: Int64) async throws {
        if let markReadError { throw markReadError }
        markedRead.append(number)
    }
}

final class OpenItemWireframeSpy: OpenItemWireframe {
    private(set) var routes: [OpenItemRoute] = []
    var browserError: BrowserLaunchError?

    func navigate(to route: OpenItemRoute) throws {
        routes.append(route)
        if let browserError { throw browserError }
    }
}
