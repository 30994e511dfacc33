import FeedIPC
import Synchronization
import Testing
@testable import FeedClient

struct StopDaemonInteractorTests {
    /// A process table that shows the daemon running for its first `readsWhileRunning` reads.
    final class ProcessTableStub: DaemonProcessTable {
        private let reads = Mutex<[Int32]>([])
        private let readsWhileRunning: Int
        init(readsWhileRunning: Int) { self.readsWhileRunning = readsWhileRunning }
        var pidsRead: [Int32] { reads.withLock { $0 } }
        func isRunning(_ pid: Int32) -> Bool {
            reads.withLock { reads in
                reads.append(pid)
                return reads.count <= readsWhileRunning
            }
        }
    }

    @Test func waitsUntilTheTableShowsTheDaemonsOwnProcessEnded() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Stop.self, RPC.Stop.Result(pid: 4242))
        let table = ProcessTableStub(readsWhileRunning: 3)
        #expect(try await StopDaemonInteractor(daemon: daemon, processes: table).stop() == .stopped(pid: 4242))
        #expect(table.pidsRead == [4242, 4242, 4242, 4242])
        #expect(daemon.methods == [RPC.Stop.name])
    }

    @Test func saysItStillRunsWhenThePatienceRunsOut() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.Stop.self, RPC.Stop.Result(pid: 77))
        let table = ProcessTableStub(readsWhileRunning: .max)
        let outcome = try await StopDaemonInteractor(daemon: daemon, processes: table, patience: .seconds(1)).stop()
        #expect(outcome == .stillRunning(pid: 77, seconds: 1))
        #expect(table.pidsRead.count > 1)
    }

    static let unanswered: [DaemonClientError] = [
        .unreachable(socketPath: "/run/user/1000/tidings/tidingsd.sock", reason: .noSocket),
        .managedBySystemd(socketPath: "/run/user/1000/tidings/tidingsd.sock", reason: .refused,
                          unitPath: "/usr/lib/systemd/user/tidingsd.socket"),
    ]

    @Test func unansweredCaseListIsNotEmpty() { #expect(!Self.unanswered.isEmpty) }

    @Test(arguments: Self.unanswered)
    func nothingToStopWhenNoDaemonAnswersForItself(_ error: DaemonClientError) async throws {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.Stop.self, with: error)
        let table = ProcessTableStub(readsWhileRunning: 0)
        #expect(try await StopDaemonInteractor(daemon: daemon, processes: table).stop() == .notRunning)
        #expect(table.pidsRead.isEmpty)
    }
}
