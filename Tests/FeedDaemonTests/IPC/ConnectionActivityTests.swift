@testable import FeedDaemon
import Testing

struct ConnectionActivityTests {
    let limits = ConnectionLimits(maximumClients: 4, idleTimeout: .milliseconds(300), writeTimeout: .milliseconds(100))

    @Test func handlingHasNoDeadlineIdleAndWritingHaveTheirOwn() {
        let activity = ConnectionActivity()
        guard case .idle(let since) = activity.current else { Issue.record("starts idle"); return }
        #expect(activity.deadline(limits: limits) == since + .milliseconds(300))
        activity.beginHandling()
        #expect(activity.deadline(limits: limits) == nil)
        guard case .handling = activity.current else { Issue.record("handling"); return }
        let handling = activity.current
        let previous = activity.beginWriting()
        #expect(previous == handling)
        guard case .writing(let started) = activity.current else { Issue.record("writing"); return }
        #expect(activity.deadline(limits: limits) == started + .milliseconds(100))
        activity.restore(previous)
        #expect(activity.current == handling)
    }

    @Test func aRequestCountsAsLongOnceItOutlastsTheInterval() async throws {
        let activity = ConnectionActivity()
        #expect(!activity.handlingLonger(than: .zero), "idle is not handling")
        activity.beginHandling()
        #expect(!activity.handlingLonger(than: .seconds(60)))
        try await Task.sleep(for: .milliseconds(20))
        #expect(activity.handlingLonger(than: .milliseconds(10)))
        activity.becomeIdle()
        #expect(!activity.handlingLonger(than: .zero))
    }

    @Test func aWriteThatStallsAfterAnIdleSpellIsCaughtByTheWriteTimeout() async throws {
        let activity = ConnectionActivity()
        let limits = ConnectionLimits(maximumClients: 4, idleTimeout: .seconds(300), writeTimeout: .milliseconds(100))
        let watchdog = Task { try await activity.overstay(limits: { limits }) }
        // Idle first (a 300 s deadline), then stuck writing: noticed within the write timeout,
        // not at the end of the idle one.
        try await Task.sleep(for: .milliseconds(20))
        activity.beginHandling()
        _ = activity.beginWriting()
        let reason = try await watchdog.value
        #expect(reason.hasPrefix("the client did not read its answer"))
    }

    @Test func anIdleConnectionOverstays() async throws {
        let activity = ConnectionActivity()
        let limits = ConnectionLimits(maximumClients: 4, idleTimeout: .milliseconds(50), writeTimeout: .seconds(10))
        #expect(try await activity.overstay(limits: { limits }).hasPrefix("idle for"))
    }
}

extension ConnectionActivityTests {
    /// (A watchdog that waited half the hour-long write timeout would hit the time limit.)
    @Test(.timeLimit(.minutes(3))) func anIdleSpellAfterABusyOneIsNoticedWithinTheIdleTimeout() async throws {
        let activity = ConnectionActivity()
        let limits = ConnectionLimits(maximumClients: 4, idleTimeout: .milliseconds(100), writeTimeout: .seconds(3600))
        // Busy when the watchdog first looks, idle right after: closed about 100 ms later.
        activity.beginHandling()
        let watchdog = Task { try await activity.overstay(limits: { limits }) }
        try await Task.sleep(for: .milliseconds(10))
        activity.becomeIdle()
        #expect(try await watchdog.value.hasPrefix("idle for"))
    }
}
