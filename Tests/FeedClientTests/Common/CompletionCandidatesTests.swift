import FeedIPC
import Testing
@testable import FeedClient

struct CompletionCandidatesTests {
    let daemon = DaemonClientStub()

    init() {
        var planet = Fixtures.feed(3, title: "Planet Terminal")
        planet.tags = ["linux", "Terminal"]
        var kernel = Fixtures.feed(12, title: "Kernel\u{1B}[31m Notes\nweekly")
        kernel.tags = ["Linux", "news"]
        daemon.stub(RPC.ListFeeds.self, .init(feeds: [planet, kernel, Fixtures.feed(15, title: "Planet Terminal")]))
    }

    @Test func feedsAreTheirNumbersThenTheirTitlesOnOneSafeLine() async {
        let candidates = await CompletionCandidates(daemon: daemon).candidates(.feed, prefix: "")
        #expect(candidates == ["3", "12", "15", "Planet Terminal", "Kernel Notes weekly"])
    }

    @Test func tagsAreListedOnceSorted() async {
        #expect(await CompletionCandidates(daemon: daemon).candidates(.tag, prefix: "") == ["Terminal", "linux", "news"])
    }

    @Test func aTagChangeKeepsItsSign() async {
        let candidates = CompletionCandidates(daemon: daemon)
        #expect(await candidates.candidates(.tagChange, prefix: "-li") == ["-Terminal", "-linux", "-news"])
        #expect(await candidates.candidates(.tagChange, prefix: "+") == ["+Terminal", "+linux", "+news"])
        #expect(await candidates.candidates(.tagChange, prefix: "n") == ["Terminal", "linux", "news"])
    }

    @Test func aDaemonThatDoesNotAnswerCompletesNothing() async {
        daemon.failure = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await CompletionCandidates(daemon: daemon).candidates(.feed, prefix: "").isEmpty)
    }
}
