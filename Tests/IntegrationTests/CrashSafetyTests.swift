import Glibc
import Foundation
import Testing
import TestSupport

/// Crash safety: 30 times, `kill -9` the daemon at a random moment during a refresh of 200
/// feeds, start it again on the same database, and check that the database is intact, that
/// every item a client had seen is still there with the read and starred state the client last
/// saw or had confirmed, and at the end that a full refresh completes without a failure.
///
/// The moment is a random point of the refresh's progress (after the server has answered a
/// random number of its 200 requests), with a client changing states at the same time. The
/// choices come from a seeded generator: the seed is printed, and `TIDINGS_CRASH_SEED`
/// replays a run (`TIDINGS_CRASH_ROUNDS` changes the number of rounds).
@Suite(.timeLimit(.minutes(5)), .enabled(if: ManyFeeds.haveSQLite3, "the sqlite3 tool is missing (make test installs it)"))
struct CrashSafetyTests {
    /// What a client saw of an item, or set on it and had confirmed. `stateKnown` is false
    /// while a change the daemon may or may not have stored before the kill is unresolved.
    struct SeenItem: CustomStringConvertible {
        var link: String
        var read: Bool
        var starred: Bool
        var stateKnown = true
        var description: String { "\(link) read=\(read) starred=\(starred)" }
    }

    /// One `tidings read|unread|star|unstar NUMBERS` and what it does to a remembered item.
    struct StateChange: Sendable {
        var command: String
        var numbers: [Int]
        var apply: @Sendable (inout SeenItem) -> Void
    }

    static let feedCount = 200

    @Test func killNineDuringRefreshesLosesNothingAClientSaw() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TIDINGS_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)
        let rounds = environment["TIDINGS_CRASH_ROUNDS"].flatMap { Int($0) } ?? 30
        print("CrashSafetyTests: seed \(seed) (TIDINGS_CRASH_SEED=\(seed) replays it), \(rounds) rounds")
        var random = SplitMix64(seed: seed)

        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        let feeds = ChangingFeeds(count: Self.feedCount, server: server)
        let daemon = try await DaemonHarness(
            config: "concurrency: 16\nper_host_concurrency: 16\nrefresh_interval: 12h", logLevel: nil)

        let imported = try await ManyFeeds.importAll(feeds.urls, directory: daemon.directory, tidings: { try await daemon.tidings($0) })
        #expect(imported.status == 0, "\(imported)")
        let first = try await refresh(daemon)
        #expect(first["errors"] as? Int == 0, "\(first)")
        var seen: [Int: SeenItem] = [:]
        try await look(at: daemon, remembering: &seen)
        print("CrashSafetyTests: \(seen.count) items after the first refresh")

        var killsDuringARefresh = 0
        var unanswered = 0
        for round in 1...rounds {
            // States changed and confirmed while nothing else writes.
            let before = await run(plannedChanges(seen, random: &random), on: daemon)
            #expect(before.allSatisfy { $0.1?.status == 0 }, "round \(round): \(before.map { "\($0.1.map(String.init(describing:)) ?? "not run")" })")
            record(before, in: &seen)

            // A refresh; a client changing states once it is under way; the kill at a random
            // point of its progress.
            let fetchesBefore = feeds.fetches
            let changeAt = Int(random.next() % UInt64(Self.feedCount / 2))
            let killAt = changeAt + 1 + Int(random.next() % UInt64(Self.feedCount - changeAt - 1))
            let refreshing = Task { try? await daemon.tidings(["refresh"]) }
            await feeds.wait(until: fetchesBefore + changeAt)
            let planned = plannedChanges(seen, random: &random)
            let changing = Task { await run(planned, on: daemon) }
            await feeds.wait(until: fetchesBefore + killAt)
            let status = await daemon.stop(signal: SIGKILL)
            #expect(status == SIGKILL, "round \(round): the daemon had already ended (\(status))\n\(daemon.log().suffix(3000))")
            let during = await changing.value
            unanswered += during.filter { $0.1?.status != 0 }.count
            record(during, in: &seen)
            // A refresh cut short leaves its client without an answer.
            if let client = await refreshing.value, client.status != 0 { killsDuringARefresh += 1 }

            try await daemon.restart()
            let integrity = try await ManyFeeds.integrityCheck(daemon.databasePath)
            #expect(integrity == "ok", "round \(round): \(integrity)")
            try await look(at: daemon, remembering: &seen, round: round, afterCrash: true)
        }
        print("CrashSafetyTests: \(killsDuringARefresh) of \(rounds) kills cut a refresh short, \(unanswered) of \(rounds * 4) state changes made meanwhile were cut short too")
        #expect(killsDuringARefresh >= rounds * 3 / 4, "the kills should land during refreshes")

        let last = try await refresh(daemon)
        #expect(last["errors"] as? Int == 0 && last["feeds"] as? Int == Self.feedCount, "\(last)")
        #expect(try await ManyFeeds.integrityCheck(daemon.databasePath) == "ok")
        try await look(at: daemon, remembering: &seen, round: rounds + 1)
        print("CrashSafetyTests: \(seen.count) items seen, \(feeds.fetches) feeds served")
        #expect(await daemon.stop(signal: SIGTERM) == 0, "\(daemon.log().suffix(3000))")
    }

    // MARK: - Client steps

    /// `tidings refresh --json`, decoded.
    func refresh(_ daemon: DaemonHarness) async throws -> [String: Any] {
        let result = try await daemon.tidings(["refresh", "--json"])
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result)")
    }

    /// Lists every item and checks it against what was seen before; then remembers the list.
    /// - Parameter afterCrash: the daemon was killed since the last look, so every item seen
    ///   before must be listed.
    func look(at daemon: DaemonHarness, remembering seen: inout [Int: SeenItem], round: Int = 0, afterCrash: Bool = false) async throws {
        let result = try await daemon.tidings(["list", "--all", "--json"])
        #expect(result.status == 0, "round \(round): \(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.err)")
        var listed: [Int: SeenItem] = [:]
        for item in document["items"] as? [[String: Any]] ?? [] {
            guard let number = item["number"] as? Int, let link = item["link"] as? String else { continue }
            listed[number] = SeenItem(link: link, read: item["read"] as? Bool ?? false, starred: item["starred"] as? Bool ?? false)
        }
        var problems: [String] = []
        for (number, expected) in seen.sorted(by: { $0.key < $1.key }) {
            guard let found = listed[number] else {
                if afterCrash { problems.append("item \(number) (\(expected)) is gone") }
                continue
            }
            if found.link != expected.link
                || expected.stateKnown && (found.read != expected.read || found.starred != expected.starred) {
                problems.append("item \(number): expected \(expected), found \(found)")
            }
        }
        #expect(problems.isEmpty, "round \(round)\(afterCrash ? ", after the kill" : ""): \(problems.count) problems:\n\(problems.prefix(20).joined(separator: "\n"))")
        seen.merge(listed) { _, new in new }
    }

    /// Marks a few seen items read and a few unread, stars a few and unstars one.
    func plannedChanges(_ seen: [Int: SeenItem], random: inout SplitMix64) -> [StateChange] {
        let numbers = seen.keys.sorted()
        guard !numbers.isEmpty else { return [] }
        func pick(_ count: Int) -> [Int] {
            Array(Set((0..<count).map { _ in numbers[Int(random.next() % UInt64(numbers.count))] })).sorted()
        }
        return [
            StateChange(command: "read", numbers: pick(6), apply: { $0.read = true }),
            StateChange(command: "unread", numbers: pick(2), apply: { $0.read = false }),
            StateChange(command: "star", numbers: pick(3), apply: { $0.starred = true }),
            StateChange(command: "unstar", numbers: pick(1), apply: { $0.starred = false }),
        ]
    }

    /// Runs the changes one after the other.
    func run(_ changes: [StateChange], on daemon: DaemonHarness) async -> [(StateChange, ProcessResult?)] {
        var results: [(StateChange, ProcessResult?)] = []
        for change in changes {
            results.append((change, try? await daemon.tidings([change.command] + change.numbers.map(String.init))))
        }
        return results
    }

    /// Applies what the daemon confirmed; a change without an answer (the daemon was killed
    /// meanwhile) leaves the state of its items unknown until the next look.
    func record(_ results: [(StateChange, ProcessResult?)], in seen: inout [Int: SeenItem]) {
        for (change, result) in results {
            let confirmed = result?.status == 0
            for number in change.numbers {
                if confirmed { change.apply(&seen[number]!) } else { seen[number]!.stateKnown = false }
            }
        }
    }
}
