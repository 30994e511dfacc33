import FeedEntities
import FeedIPC

/// Reads and changes a feed's settings through the daemon, which checks every assignment; reads
/// from standard input what the change takes from there first.
public final class ChangeFeedSettingsInteractor: ChangeFeedSettingsUseCase {
    /// The most bytes read from standard input: far more than any setting, and a bound on a
    /// stream that never ends.
    static let inputLimit = 256 << 10

    private let daemon: any DaemonClient
    private let input: any FeedSettingsInput

    public init(daemon: any DaemonClient, input: any FeedSettingsInput) {
        self.daemon = daemon
        self.input = input
    }

    public func changeSettings(ofFeed selector: String, _ change: FeedSettingsChange) async throws -> Feed {
        let assignments = try resolved(change)
        return try await daemon.request(RPC.FeedSettingsMethod.self, .init(feed: selector, set: assignments, unset: change.unset)).feed
    }

    /// The assignments to send: `KEY=-` with its value read from standard input (one line, its
    /// line break dropped), then with `--stdin` every `key=value` line of it (blank lines and
    /// `#` comments skipped). Standard input is read once, so only one of the two may use it.
    func resolved(_ change: FeedSettingsChange) throws -> [String] {
        let fromInput = change.set.indices.filter { change.set[$0].hasSuffix("=-") && !change.set[$0].dropLast(2).contains("=") }
        guard fromInput.count + (change.readsAssignments ? 1 : 0) <= 1 else {
            throw FeedSettingsInputError.readTwice
        }
        var assignments = change.set
        if let index = fromInput.first {
            let key = String(assignments[index].dropLast(2))
            let text = try input.standardInput(limit: Self.inputLimit)
            var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            if lines.last == "" { lines.removeLast() }
            guard lines.count == 1, let value = lines.first, !value.isEmpty else {
                throw lines.isEmpty || lines.first == "" ? FeedSettingsInputError.noValue(key: key) : FeedSettingsInputError.severalLines(key: key)
            }
            assignments[index] = key + "=" + value
        }
        if change.readsAssignments {
            let text = try input.standardInput(limit: Self.inputLimit)
            for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                let trimmed = line.trimmingWhitespace()
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                assignments.append(String(trimmed))
            }
        }
        return assignments
    }
}

/// Why `KEY=-` or `--stdin` could not be read; nothing was sent. Never quotes what was read.
public enum FeedSettingsInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two readers of standard input: two `KEY=-`, or one and `--stdin`.
    case readTwice
    /// `KEY=-` with nothing on standard input.
    case noValue(key: String)
    /// `KEY=-` with more than one line on standard input.
    case severalLines(key: String)
    /// The system's reason, or that it was too large or not UTF-8.
    case unreadable(String)

    public var description: String {
        switch self {
        case .readTwice: "standard input can be read once: give one KEY=- or --stdin, not several"
        case .noValue(let key): "nothing on standard input for `\(key)=-`: pipe the value in, such as `pass show feed | tidings feed set 3 \(key)=-`"
        case .severalLines(let key): "standard input holds more than one line for `\(key)=-`: a value is one line"
        case .unreadable(let reason): "cannot read standard input: \(reason)"
        }
    }
}
