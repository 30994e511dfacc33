import FeedIPC
import Testing
@testable import FeedClient

struct CommandFailureTests {
    @Test func aMissingDaemonSaysHowToStartIt() {
        let failure = CommandFailure(
            DaemonClientError.unreachable(socketPath: "/run/user/1000/tidings/tidingsd.sock", reason: .noSocket),
            action: "cannot list items")
        #expect(failure.status == .daemonUnreachable)
        #expect(failure.message == "the daemon is not running (no socket at /run/user/1000/tidings/tidingsd.sock); start it with 'tidingsd run &'")
        #expect(failure.status.code == 3)
    }

    @Test func aDaemonSystemdCanStartSaysSystemctl() {
        let refused = CommandFailure(DaemonClientError.managedBySystemd(socketPath: "/s", reason: .refused, unitPath: "/u"))
        #expect(refused.message == "the daemon is not running (nothing listens on /s); start it with: systemctl --user start tidingsd")
        let other = CommandFailure(DaemonClientError.managedBySystemd(socketPath: "/s", reason: .other("Permission denied"), unitPath: "/u"))
        #expect(other.message == "cannot reach the daemon at /s (Permission denied); if it is not running, start it with: systemctl --user start tidingsd")
        #expect(other.status == .daemonUnreachable)
    }

    @Test func aStaleSocketIsAlsoNotRunning() {
        let failure = CommandFailure(DaemonClientError.unreachable(socketPath: "/s", reason: .refused))
        #expect(failure.message.hasPrefix("the daemon is not running (nothing listens on /s)"))
        #expect(failure.status == .daemonUnreachable)
    }

    @Test func daemonErrorsFollowTheAction() {
        let failure = CommandFailure(RPCError(.fetchFailed, "HTTP 404 Not Found"), action: "cannot subscribe to http://x/missing.xml")
        #expect(failure.message == "cannot subscribe to http://x/missing.xml: HTTP 404 Not Found")
        #expect(failure.status == .failure)
    }

    @Test func anAmbiguousSelectorIsTheDaemonsWholeLine() {
        let message = "'Ke' matches 2 feeds: 2 Kernel Notes, 5 Kernel Planet; give the number or URL"
        let failure = CommandFailure(RPCError(.ambiguous, message), action: "cannot list items")
        #expect(failure.message == message && failure.status == .failure)
    }

    @Test func aLostAnswerToAChangeLeavesItsOutcomeOpen() {
        for method in [RPC.Subscribe.name, RPC.Unsubscribe.name, RPC.MarkRead.name, RPC.Refresh.name, RPC.ApplyRule.name] {
            let failure = CommandFailure(DaemonClientError.unanswered(method: method), action: "cannot do it")
            #expect(failure.message.hasPrefix("the daemon stopped before answering; the change may have been applied: check"), "\(method)")
            #expect(failure.status == .failure)
        }
    }

    @Test func aLostAnswerToAQuestionIsALostConnection() {
        for method in [RPC.ListItems.name, RPC.ListFeeds.name, RPC.Status.name, RPC.Hello.name] {
            let failure = CommandFailure(DaemonClientError.unanswered(method: method))
            #expect(failure == CommandFailure(DaemonClientError.connectionLost), "\(method)")
        }
    }

    @Test func aProtocolMismatchNamesBothVersions() {
        let failure = CommandFailure(DaemonClientError.protocolMismatch(daemonProtocol: "2.0", daemonVersion: "2.1.0", clientProtocol: "1.0"))
        #expect(failure.message == "tidingsd 2.1.0 speaks protocol 2.0 but this tidings speaks 1.0; install matching versions of tidings and tidingsd")
    }

    @Test func browserRefusalsQuoteTheLink() {
        let failure = CommandFailure(BrowserLaunchError.refusedLink("javascript:alert(1)", reason: "only http and https links are opened"))
        #expect(failure.message == "refusing to open 'javascript:alert(1)': only http and https links are opened")
    }
}
