import FeedIPC
import Testing
@testable import FeedClient

struct ChangeFeedSettingsInteractorTests {
    @Test func sendsTheChangesAndReturnsTheFeedAfterwards() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: try Fixtures.feed(3, settings: ["interval=2h"])))
        let feed = try await ChangeFeedSettingsInteractor(daemon: daemon, input: InputStub(nil)).changeSettings(
            ofFeed: "3", FeedSettingsChange(set: ["interval=2h"], unset: ["header"]))
        #expect(feed.settings.interval == 7200)
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self) == [.init(feed: "3", set: ["interval=2h"], unset: ["header"])])
    }

    @Test func readingSendsNoChanges() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: Fixtures.feed(3)))
        _ = try await ChangeFeedSettingsInteractor(daemon: daemon, input: InputStub(nil)).changeSettings(ofFeed: "3", FeedSettingsChange())
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self) == [.init(feed: "3")])
    }

    @Test func passesDaemonErrorsOn() async {
        let daemon = DaemonClientStub()
        daemon.fail(RPC.FeedSettingsMethod.self, with: RPCError(.notFound, "no feed 9"))
        await #expect(throws: DaemonRefusal(RPCError(.notFound, "no feed 9"))) {
            try await ChangeFeedSettingsInteractor(daemon: daemon, input: InputStub(nil)).changeSettings(ofFeed: "9", FeedSettingsChange())
        }
    }

    /// Standard input, or a test's text in its place; counts how often it was read.
    final class InputStub: FeedSettingsInput {
        let text: String?
        private(set) var reads = 0
        init(_ text: String?) { self.text = text }
        func standardInput(limit: Int) throws -> String {
            reads += 1
            guard let text else { throw FeedSettingsInputError.unreadable("no input in this test") }
            return text
        }
    }

    /// A secret never needs argv: `KEY=-` reads it from standard input, one line.
    @Test func aValueOfDashIsReadFromStandardInput() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: Fixtures.feed(3)))
        let input = InputStub("X-Api-Key: s3cret-from-stdin\n")
        _ = try await ChangeFeedSettingsInteractor(daemon: daemon, input: input).changeSettings(
            ofFeed: "3", FeedSettingsChange(set: ["interval=2h", "secret_header=-"]))
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self).map(\.set) == [["interval=2h", "secret_header=X-Api-Key: s3cret-from-stdin"]])
        #expect(input.reads == 1)
    }

    @Test func stdinGivesAssignmentsOnePerLine() async throws {
        let daemon = DaemonClientStub()
        daemon.stub(RPC.FeedSettingsMethod.self, .init(feed: Fixtures.feed(3)))
        let input = InputStub("# from a password manager\r\ncookie=session=abc; theme=dark\r\n\n  header=Authorization: Bearer tok  \n")
        _ = try await ChangeFeedSettingsInteractor(daemon: daemon, input: input).changeSettings(
            ofFeed: "3", FeedSettingsChange(set: ["interval=1h"], readsAssignments: true))
        #expect(daemon.params(of: RPC.FeedSettingsMethod.self).map(\.set) == [
            ["interval=1h", "cookie=session=abc; theme=dark", "header=Authorization: Bearer tok"],
        ])
    }

    @Test func standardInputIsReadOnceAndHoldsOneValue() async throws {
        let cases: [(FeedSettingsChange, String, FeedSettingsInputError)] = [
            (FeedSettingsChange(set: ["cookie=-", "secret_header=-"]), "x\n", .readTwice),
            (FeedSettingsChange(set: ["cookie=-"], readsAssignments: true), "x\n", .readTwice),
            (FeedSettingsChange(set: ["cookie=-"]), "", .noValue(key: "cookie")),
            (FeedSettingsChange(set: ["cookie=-"]), "\n", .noValue(key: "cookie")),
            (FeedSettingsChange(set: ["cookie=-"]), "one\ntwo\n", .severalLines(key: "cookie")),
        ]
        #expect(!cases.isEmpty)
        for (change, text, error) in cases {
            let daemon = DaemonClientStub()
            await #expect(throws: error) {
                try await ChangeFeedSettingsInteractor(daemon: daemon, input: InputStub(text)).changeSettings(ofFeed: "3", change)
            }
            #expect(daemon.methods.isEmpty)
        }
    }
}
