import FeedIPC
import Testing
@testable import FeedClient

struct ItemStateInteractorTests {
    func apply(_ action: ItemStateAction, _ selection: ItemSelection) async throws -> DaemonClientStub {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.MarkRead.self, .init(updated: 2, missing: [9]))
        daemon.stub(RPC.Star.self, .init(updated: 1))
        let change = try await ItemStateInteractor(daemon: daemon).apply(action, to: selection)
        #expect(change.updated >= 1)
        return daemon
    }

    @Test func readAndUnreadSendMarkRead() async throws {
        #expect(try await apply(.read, .numbers([3, 4, 9])).params(of: RPC.MarkRead.self) == [.init(numbers: [3, 4, 9], read: true)])
        #expect(try await apply(.unread, .numbers([3])).params(of: RPC.MarkRead.self) == [.init(numbers: [3], read: false)])
        #expect(try await apply(.read, .all).params(of: RPC.MarkRead.self) == [.init(all: true, read: true)])
        #expect(try await apply(.read, .feed("Kernel")).params(of: RPC.MarkRead.self) == [.init(feed: "Kernel", read: true)])
    }

    @Test func starAndUnstarSendStar() async throws {
        let star = try await apply(.star, .numbers([5, 6]))
        #expect(star.params(of: RPC.Star.self) == [.init(numbers: [5, 6], starred: true)])
        #expect(star.methods == ["items.star"])
        #expect(try await apply(.unstar, .numbers([5])).params(of: RPC.Star.self) == [.init(numbers: [5], starred: false)])
    }

    @Test func theChangeComesBackAsTheDaemonSaidIt() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.MarkRead.self, .init(updated: 2, missing: [9]))
        #expect(try await ItemStateInteractor(daemon: daemon).apply(.read, to: .numbers([1, 2, 9])) == .init(updated: 2, missing: [9]))
    }

    @Test func starringEveryItemIsNotSomethingTheDaemonDoes() async {
        let daemon = DaemonClientStub()
        await #expect(throws: RPCError.self) {
            try await ItemStateInteractor(daemon: daemon).apply(.star, to: .all)
        }
        #expect(daemon.methods.isEmpty)
    }
}
