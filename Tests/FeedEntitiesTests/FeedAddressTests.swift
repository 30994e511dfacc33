import FeedEntities
import Testing

struct FeedAddressTests {
    @Test func readsNewsboatsExamples() throws {
        let exec = try FeedAddress("exec:~/bin/execurl-script")
        #expect(exec.text == "exec:~/bin/execurl-script")
        #expect(exec.command?.arguments(home: "/h") == ["/h/bin/execurl-script"])
        #expect(exec.shortName == "exec:~/bin/execurl-script")

        let filter = try FeedAddress("filter:~/bin/filter-script:https://some.test/url")
        guard case .filter(let command, let url, let text) = filter else {
            Issue.record("not a filter: \(filter)")
            return
        }
        #expect(command.arguments(home: "/h") == ["/h/bin/filter-script"])
        #expect(url == "https://some.test/url")
        #expect(text == "filter:~/bin/filter-script:https://some.test/url")
    }

    /// The command ends at the first `:` after `filter:`, as newsboat splits it.
    @Test func splitsAFilterAtItsFirstColon() throws {
        let filter = try FeedAddress("filter:~/bin/clean.sh arg:https://example.org/feed.xml?a=b:c")
        guard case .filter(let command, let url, _) = filter else {
            Issue.record("not a filter: \(filter)")
            return
        }
        #expect(command.arguments(home: "/h") == ["/h/bin/clean.sh", "arg"])
        #expect(url == "https://example.org/feed.xml?a=b:c")
    }

    @Test func theTextIsCanonicalSoTheSameCommandIsTheSameFeed() throws {
        let a = try FeedAddress("  exec:~/bin/feed   --name \"my feed\"  ")
        let b = try FeedAddress("EXEC:~/bin/feed --name 'my feed'")
        #expect(a.text == "exec:~/bin/feed --name 'my feed'")
        #expect(a == b)
        #expect(try FeedAddress(a.text) == a)
        // Only the program is named in messages: arguments may be secrets.
        #expect(try FeedAddress("exec:fetch --token s3cret").shortName == "exec:fetch")
    }

    @Test func anythingElseIsTheWebAsGiven() throws {
        #expect(try FeedAddress(" https://example.org/feed ") == .web("https://example.org/feed"))
        #expect(try FeedAddress("lwn.net") == .web("lwn.net"))
        #expect(try FeedAddress("query:Unread:unread = \"yes\"") == .web("query:Unread:unread = \"yes\""))
        #expect(!FeedAddress.isCommand("https://example.org/exec:x"))
        #expect(FeedAddress.isCommand(" Filter:x:y"))
    }

    @Test func refusesWhatCannotRun() {
        #expect(throws: FeedAddressError.filterWithoutURL) { try FeedAddress("filter:~/bin/x") }
        #expect(throws: FeedAddressError.filterURL("file:///etc/passwd")) { try FeedAddress("filter:x:file:///etc/passwd") }
        #expect(throws: FeedAddressError.filterURL("https://")) { try FeedAddress("filter:x:https://") }
        #expect(throws: FeedAddressError.relativeProgram(kind: "exec", "bin/x")) { try FeedAddress("exec:bin/x") }
        #expect(throws: FeedAddressError.relativeProgram(kind: "exec", "./x")) { try FeedAddress("exec:./x --y") }
        #expect(throws: FeedAddressError.relativeProgram(kind: "exec", "''")) { try FeedAddress("exec:'' x") }
        #expect(throws: FeedAddressError.command(kind: "exec", .empty)) { try FeedAddress("exec:") }
        #expect(throws: FeedAddressError.command(kind: "exec", .shellSyntax(";"))) {
            try FeedAddress("exec:/bin/echo hi;touch /tmp/pwned")
        }
        #expect(throws: FeedAddressError.command(kind: "filter", .shellSyntax("|"))) { try FeedAddress("filter:a | b:https://x.example/") }
        #expect(FeedAddressError.filterWithoutURL.description.contains("filter:PROGRAM ARGUMENTS:https://"))
    }
}
