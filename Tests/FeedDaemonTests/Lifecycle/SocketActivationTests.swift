@testable import FeedDaemon
import Testing

struct SocketActivationTests {
    @Test func nothingPassedOrPassedToAnotherProcess() throws {
        #expect(try SocketActivation.inherited(environment: [:]) == nil)
        #expect(try SocketActivation.inherited(environment: ["LISTEN_FDS": "0", "LISTEN_PID": "42"], pid: 42) == nil)
        // Variables inherited from a parent that was activated: not ours.
        #expect(try SocketActivation.inherited(environment: ["LISTEN_FDS": "1", "LISTEN_PID": "41"], pid: 42) == nil)
        #expect(try SocketActivation.inherited(environment: ["LISTEN_FDS": "1"], pid: 42) == nil)
    }
}
