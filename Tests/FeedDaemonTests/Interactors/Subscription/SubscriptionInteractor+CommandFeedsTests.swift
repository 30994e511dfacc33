@testable import FeedDaemon
import FeedFetching
import FeedParsing
import FeedStorage
import Logging
import Testing

/// Subscribing to a command feed: its canonical text is fetched (the fetcher runs it) and
/// stored as the feed's URL, with no scheme to probe and nothing to discover.
extension SubscriptionInteractorTests {
    @Test func storesTheCanonicalTextAndRefusesItTwice() async throws {
        remote.serve("exec:~/bin/feed --name 'a b'", body: Self.rss)
        let (feed, items) = try await refresher.subscribe(url: #"  exec:~/bin/feed   --name "a b" "#, tags: ["scripts"])
        #expect(feed.url == "exec:~/bin/feed --name 'a b'" && items == 1 && feed.tags == ["scripts"])
        await #expect(throws: FeedStoreError.alreadySubscribed(feedID: feed.id)) {
            try await refresher.subscribe(url: "exec:~/bin/feed --name 'a b'")
        }
        #expect(remote.requests(for: "exec:~/bin/feed --name 'a b'") == 1)
    }

    @Test func aCommandThatNeedsAShellIsRefusedBeforeAnythingRuns() async throws {
        await #expect(throws: FetchError.self) { try await refresher.subscribe(url: "exec:~/bin/feed; rm -rf ~") }
        await #expect(throws: FetchError.self) { try await refresher.subscribe(url: "filter:clean:ftp://example.org/") }
        #expect(try await store.feeds().isEmpty)
        #expect(remote.requests(for: "exec:~/bin/feed; rm -rf ~") == 0)
        // `exec:123` looks like a host and port, but is a command: never probed over https.
        await #expect(throws: FetchError.httpStatus(404)) { try await refresher.subscribe(url: "exec:123") }
        #expect(remote.requests(for: "exec:123") == 1 && remote.requests(for: "https://exec:123") == 0)
    }

    /// A page printed by a program is not searched for feeds to subscribe to instead.
    @Test func outputThatIsNotAFeedIsAnError() async throws {
        remote.serve(
            "exec:page", body: #"<html><head><link rel="alternate" type="application/rss+xml" href="https://x.example/feed"></head></html>"#,
            contentType: "text/html")
        await #expect(throws: FeedParsingError.self) { try await refresher.subscribe(url: "exec:page") }
        #expect(remote.requests(for: "https://x.example/feed") == 0)
    }
}
