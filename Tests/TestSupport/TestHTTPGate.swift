import Synchronization

/// Holds the responses that name it until the test opens it: a test that must act while a
/// transfer is still running waits on a signal of its own instead of a delay a loaded machine
/// can outlast. Once open it stays open, and responses that come later go out at once.
public final class TestHTTPGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [@Sendable () -> Void])>((false, []))

    public init() {}

    /// Lets every held response go, and every later one at once.
    public func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for resume in waiting { resume() }
    }

    /// Runs `resume` when the gate opens (now, if it is open).
    func whenOpen(_ resume: @escaping @Sendable () -> Void) {
        let isOpen = state.withLock { state in
            if !state.isOpen { state.waiting.append(resume) }
            return state.isOpen
        }
        if isOpen { resume() }
    }
}
