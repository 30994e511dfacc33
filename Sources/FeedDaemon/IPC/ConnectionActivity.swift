import Synchronization

/// What one connection is doing, so a watchdog can close it when it has been idle or stuck in a
/// write for too long, without touching connections that are busy with a request.
final class ConnectionActivity: Sendable {
    enum Phase: Equatable {
        /// Waiting for the client's next line since then.
        case idle(since: ContinuousClock.Instant)
        /// The daemon is working on a request since then (a `refresh` or a `watch` may take long).
        case handling(since: ContinuousClock.Instant)
        /// Writing to the client since then; a client that does not read stays here.
        case writing(since: ContinuousClock.Instant)
    }

    private let phase: Mutex<Phase>

    init(now: ContinuousClock.Instant = .now) {
        phase = Mutex(.idle(since: now))
    }

    var current: Phase { phase.withLock { $0 } }

    func becomeIdle() { phase.withLock { $0 = .idle(since: .now) } }
    func beginHandling() { phase.withLock { $0 = .handling(since: .now) } }

    /// Whether a request has been worked on for `interval` or longer.
    func handlingLonger(than interval: Duration) -> Bool {
        guard case .handling(let since) = current else { return false }
        return ContinuousClock.now - since >= interval
    }
    /// Marks a write; returns what to restore afterwards (a notification is written while handling).
    func beginWriting() -> Phase {
        phase.withLock { phase in
            let previous = phase
            phase = .writing(since: .now)
            return previous
        }
    }

    func restore(_ previous: Phase) {
        phase.withLock { phase in
            // An idle phase restarts its clock: the client just received something.
            if case .idle = previous { phase = .idle(since: .now) } else { phase = previous }
        }
    }

    /// When the connection should be closed if nothing changes, or `nil` while it is handling.
    func deadline(limits: ConnectionLimits) -> ContinuousClock.Instant? {
        switch current {
        case .idle(let since): since + limits.idleTimeout
        case .writing(let since): since + limits.writeTimeout
        case .handling: nil
        }
    }

    /// Waits until the connection has overstayed; returns the reason. Runs until cancelled
    /// otherwise (`CancellationError` from the sleep ends it).
    ///
    /// Looks at least every half of the shorter timeout, whatever the phase: a connection that
    /// is busy now may be idle or stuck in a write the next moment.
    func overstay(limits: @Sendable () -> ConnectionLimits) async throws -> String {
        while true {
            let limits = limits()
            let now = ContinuousClock.now
            let recheck = now + min(limits.idleTimeout, limits.writeTimeout) / 2
            guard let deadline = deadline(limits: limits) else {
                // Busy with a request: its own duration is not limited.
                try await Task.sleep(until: recheck, clock: .continuous)
                continue
            }
            if deadline <= now {
                if case .writing = current { return "the client did not read its answer for \(limits.writeTimeout)" }
                return "idle for \(limits.idleTimeout)"
            }
            try await Task.sleep(until: min(deadline, recheck), clock: .continuous)
        }
    }
}
