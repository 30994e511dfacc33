import Glibc
import Foundation
import Testing
import TestSupport

/// Rules of the config through the real binaries: a refresh stores items of a local feed that
/// trigger each action, a hook gets them as the rules left them, `tidings list` without the
/// hidden item, `tidings rules` with counts, `rules test`, and a broken rule on SIGHUP that keeps
/// the rules in force.
@Suite(.timeLimit(.minutes(3)))
struct RulesTests {
    /// The feed when subscribed: no items yet, so the refresh is what stores them.
    static let empty = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Rules Feed</title><link>https://example.org/</link>
        </channel></rss>
        """

    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Rules Feed</title><link>https://example.org/</link>
        <item><title>Daily digest</title><link>https://example.org/1</link><guid>1</guid>
        <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Swift 7 released</title><link>https://example.org/2</link><guid>2</guid><author>ada@example.org (Ada)</author>
        <pubDate>Sat, 21 Nov 2026 09:00:00 GMT</pubDate></item>
        <item><title>SPONSORED: buy this</title><link>https://example.org/3</link><guid>3</guid>
        <pubDate>Sat, 21 Nov 2026 08:00:00 GMT</pubDate></item>
        <item><title>Plain news</title><link>https://example.org/4</link><guid>4</guid>
        <description>&lt;p&gt;Nothing special.&lt;/p&gt;</description><pubDate>Sat, 21 Nov 2026 07:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    static let config = """
        rules:
          - name: quiet
            title: "/^Daily/"
            actions: [read]
          - name: swift
            feed: rules feed
            title: swift
            actions: [star, "tag:lang"]
          - name: ads
            title: "/(?i)sponsored/"
            actions: [hide]
        """

    func json(_ daemon: DaemonHarness, _ arguments: [String], schema: String) async throws -> [String: Any] {
        let result = try await daemon.tidings(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result)")
        let problems = try JSONSchemaValidator(schema: schema).problems(in: result.stdout)
        #expect(problems.isEmpty, "\(arguments) against \(schema): \(problems)\n\(result.out)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    func items(_ document: [String: Any]) -> [String: [String: Any]] {
        let items = document["items"] as? [[String: Any]] ?? []
        return Dictionary(items.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func rulesActOnNewItemsAndABrokenRuleKeepsThem() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.empty))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hookOutput = scratch.appendingPathComponent("items.json").path
        let daemon = try await DaemonHarness(config: Self.config + "\non_new_items:\n  - [/bin/cp, /dev/stdin, \(hookOutput)]\n")

        let subscribed = try await daemon.tidings(["subscribe", server.url("/feed.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        server.route("/feed.xml", .ok(Self.rss))
        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0 && refreshed.out.contains("4 new"), "\(refreshed)")

        // The hook saw the new items after the rules acted: the hidden one left out, the
        // others read, starred and tagged as the rules say.
        let hooked = try #require(await HooksTests.document(at: hookOutput), "\(daemon.log())")
        let handed = items(hooked)
        #expect(Set(handed.keys) == ["Daily digest", "Swift 7 released", "Plain news"], "\(hooked)")
        #expect(handed["Daily digest"]?["read"] as? Bool == true)
        #expect(handed["Swift 7 released"]?["starred"] as? Bool == true)
        #expect(handed["Swift 7 released"]?["tags"] as? [String] == ["lang"])

        // Default listing: no hidden item; read, starred and plain as the rules say.
        let all = items(try await json(daemon, ["list", "--all"], schema: "list.json"))
        #expect(Set(all.keys) == ["Daily digest", "Swift 7 released", "Plain news"], "\(all)")
        #expect(all["Daily digest"]?["read"] as? Bool == true)
        #expect(all["Swift 7 released"]?["starred"] as? Bool == true)
        #expect(all["Swift 7 released"]?["read"] as? Bool == false)
        #expect(all["Plain news"]?["read"] as? Bool == false && all["Plain news"]?["starred"] as? Bool == false)
        let unread = items(try await json(daemon, ["list"], schema: "list.json"))
        #expect(Set(unread.keys) == ["Swift 7 released", "Plain news"])
        // Hidden, not deleted; tagged items list under --tag.
        let hidden = items(try await json(daemon, ["list", "--all", "--hidden"], schema: "list.json"))
        #expect(hidden.count == 4)
        let tagged = items(try await json(daemon, ["list", "--tag", "lang"], schema: "list.json"))
        #expect(Array(tagged.keys) == ["Swift 7 released"])
        #expect(tagged["Swift 7 released"]?["tags"] as? [String] == ["lang"])
        #expect(all["Plain news"]?["tags"] as? [String] == [])
        let number = try #require(tagged["Swift 7 released"]?["number"] as? Int)
        let shown = try await json(daemon, ["show", "--no-mark", "\(number)"], schema: "show.json")
        #expect(shown["tags"] as? [String] == ["lang"])

        // tidings rules: counts.
        let rules = try await json(daemon, ["rules"], schema: "rules.json")["rules"] as? [[String: Any]] ?? []
        #expect(rules.compactMap { $0["name"] as? String } == ["quiet", "swift", "ads"])
        #expect(rules.compactMap { $0["matched"] as? Int } == [1, 1, 1])
        let table = try await daemon.tidings(["rules"])
        #expect(table.status == 0 && table.out.contains("ads"), "\(table)")

        // rules test: a dry run over stored items, hidden ones included.
        let test = try await json(daemon, ["rules", "test", "ads"], schema: "rules-test.json")
        #expect((test["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["SPONSORED: buy this"])
        let unknown = try await daemon.tidings(["rules", "test", "nope"])
        #expect(unknown.status != 0 && unknown.err.contains("nope"), "\(unknown)")

        // A rule that does not compile: the reload is refused, naming it; the old rules stay.
        try daemon.writeConfig(Self.config + "\n  - name: broken\n    title: \"/a(/\"\n    actions: [hide]\n")
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog("configuration not reloaded, keeping the current one"), "\(daemon.log())")
        #expect(daemon.log().contains("rules[3] 'broken': title: invalid regular expression /a(/"), "\(daemon.log())")
        let kept = try await json(daemon, ["rules"], schema: "rules.json")["rules"] as? [[String: Any]] ?? []
        #expect(kept.compactMap { $0["name"] as? String } == ["quiet", "swift", "ads"])

        // A good config replaces them.
        try daemon.writeConfig("rules:\n  - {name: plain, content: nothing special, actions: [star]}\n")
        daemon.signal(SIGHUP)
        #expect(await daemon.waitForLog("configuration reloaded"), "\(daemon.log())")
        let replaced = try await json(daemon, ["rules"], schema: "rules.json")["rules"] as? [[String: Any]] ?? []
        #expect(replaced.compactMap { $0["name"] as? String } == ["plain"])
        let plainTest = try await json(daemon, ["rules", "test", "plain"], schema: "rules-test.json")
        #expect((plainTest["items"] as? [[String: Any]])?.count == 1)
        #expect(await daemon.stop() == 0)
    }

    /// Rules added to the config after the items arrived: `rules apply NAME` does to the stored
    /// items what the rule does to new ones and says how many it changed; `--dry-run` (and
    /// `rules test NAME`) lists them and changes nothing.
    @Test func applyingARuleToStoredItems() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.rss))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        try daemon.writeConfig(Self.config)
        #expect(try await daemon.tidings(["reload"]).status == 0)

        let dryRun = try await daemon.tidings(["rules", "apply", "ads", "--dry-run"])
        #expect(dryRun.status == 0 && dryRun.out.contains("\tSPONSORED: buy this\tRules Feed\n"), "\(dryRun)")
        #expect(dryRun.out.split(separator: "\n").count == 1, "\(dryRun)")
        let test = try await daemon.tidings(["rules", "test", "ads"])
        #expect(test.out == dryRun.out, "\(test)")
        let dryJSON = try await json(daemon, ["rules", "apply", "ads", "--dry-run"], schema: "rules-test.json")
        #expect((dryJSON["items"] as? [[String: Any]])?.count == 1)
        #expect(try await daemon.tidings(["list"]).out.contains("SPONSORED"), "the dry run changed nothing")

        let quiet = try await daemon.tidings(["rules", "apply", "quiet"])
        #expect(quiet.status == 0 && quiet.out == "Rule \"quiet\" marked 1 item read\n", "\(quiet)")
        let again = try await daemon.tidings(["rules", "apply", "quiet"])
        #expect(again.out == "Rule \"quiet\" matches 1 stored item: nothing left to change\n", "\(again)")
        let swift = try await json(daemon, ["rules", "apply", "swift"], schema: "rules-apply.json")
        #expect(swift["matched"] as? Int == 1 && swift["starred"] as? Int == 1 && swift["tagged"] as? Int == 1, "\(swift)")
        let ads = try await daemon.tidings(["rules", "apply", "ads"])
        #expect(ads.out == "Rule \"ads\" hid 1 item\n", "\(ads)")

        let unread = items(try await json(daemon, ["list"], schema: "list.json"))
        #expect(Set(unread.keys) == ["Swift 7 released", "Plain news"], "\(unread)")
        #expect(unread["Swift 7 released"]?["starred"] as? Bool == true)
        #expect(unread["Swift 7 released"]?["tags"] as? [String] == ["lang"])
        // New items only count as matches.
        let counts = try await json(daemon, ["rules"], schema: "rules.json")["rules"] as? [[String: Any]] ?? []
        #expect(counts.compactMap { $0["matched"] as? Int } == [0, 0, 0])

        let unknown = try await daemon.tidings(["rules", "apply", "nope"])
        #expect(unknown.status == 1 && unknown.err == "tidings: cannot apply the rule 'nope': no rule named 'nope' in the config\n",
                "\(unknown)")
        for usage in [["rules", "apply"], ["rules", "test", "ads", "--dry-run"], ["rules", "--dry-run"]] {
            let result = try await daemon.tidings(usage)
            #expect(result.status == 2, "\(usage): \(result)")
        }
        #expect(await daemon.stop() == 0)
    }
}
