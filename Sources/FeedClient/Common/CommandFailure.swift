import FeedEntities
import FeedIPC

/// A failure as the user reads it: one line (without the `tidings:` prefix the View adds) and
/// the exit status it leads to.
public struct CommandFailure: Equatable, Sendable {
    public var message: String
    public var status: ExitStatus

    public init(message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    /// Describes `error`.
    /// - Parameter action: what was being done, prefixed to the daemon's own error messages,
    ///   e.g. `cannot subscribe to http://…` gives `cannot subscribe to http://…: HTTP 404 Not Found`;
    ///   not to a feed selector that named no one feed (`ambiguous`), whose message quotes the
    ///   selector, lists the feeds it could mean and says what to give instead.
    public init(_ error: any Error, action: String? = nil) {
        switch error {
        case let error as RPCError where error.code == RPCErrorCode.ambiguous.rawValue:
            self.init(message: error.message)
        case let error as RPCError:
            self.init(message: action.map { "\($0): \(error.message)" } ?? error.message)
        case DaemonRefusal.ambiguous(let message):
            self.init(message: message)
        case let error as DaemonRefusal:
            self.init(message: action.map { "\($0): \(error.message)" } ?? error.message)
        case let error as DaemonClientError:
            self = Self.describe(error)
        case let error as BrowserLaunchError:
            self.init(message: Self.describe(error))
        case let error as OpenTargetError:
            self.init(message: Self.describe(error))
        default:
            self.init(message: action.map { "\($0): \(error)" } ?? "\(error)")
        }
    }

    /// How to start the daemon, appended to a "not running" message where systemd cannot start
    /// it (`.managedBySystemd` names `systemctl` instead).
    static let startHint = "start it with 'tidingsd run &'"
    /// How to start the daemon where an installed user unit and a running user manager make it systemd's job.
    static let systemdStartHint = "start it with: systemctl --user start tidingsd"

    /// Methods that change nothing: when their answer is lost, there is nothing to wonder about.
    static let readOnlyMethods: Set<String> = [
        RPC.Hello.name, RPC.ListItems.name, RPC.Search.name, RPC.GetItem.name, RPC.ListFeeds.name,
        RPC.ListRules.name, RPC.TestRule.name, RPC.Status.name, RPC.Watch.name, RPC.GetSyncStatus.name,
    ]
    /// A request that changes something was sent whole and its answer never came: the daemon may
    /// have done it before it stopped. Commands whose second run is harmless say so instead
    /// (`import`).
    static let unansweredChange =
        "the daemon stopped before answering; the change may have been applied: check (e.g. with 'tidings feeds' or 'tidings list') before running the command again; see 'journalctl --user -u tidingsd'"

    private static func describe(_ error: DaemonClientError) -> CommandFailure {
        switch error {
        case .unreachable(let path, .noSocket):
            CommandFailure(message: "the daemon is not running (no socket at \(path)); \(startHint)", status: .daemonUnreachable)
        case .unreachable(let path, .refused):
            CommandFailure(message: "the daemon is not running (nothing listens on \(path)); \(startHint)", status: .daemonUnreachable)
        case .unreachable(let path, .other(let reason)):
            CommandFailure(message: "cannot reach the daemon at \(path) (\(reason)); if it is not running, \(startHint)", status: .daemonUnreachable)
        case .managedBySystemd(let path, .other(let reason), _):
            CommandFailure(
                message: "cannot reach the daemon at \(path) (\(reason)); if it is not running, \(systemdStartHint)",
                status: .daemonUnreachable)
        case .managedBySystemd(let path, let reason, _):
            CommandFailure(
                message: "the daemon is not running (\(reason == .refused ? "nothing listens on" : "no socket at") \(path)); \(systemdStartHint)",
                status: .daemonUnreachable)
        case .autostartFailed(let path, let reason):
            CommandFailure(message: "the daemon is not running (no answer on \(path)) and could not be started: \(reason)", status: .daemonUnreachable)
        case .untrustedDirectory(let path, .foreignOwner(let uid)):
            // In a sticky /tmp the user cannot remove it: the next run uses the fallback
            // directory (SocketLocation), which nobody else can make.
            CommandFailure(
                message: "refusing to use the socket directory \(path): it belongs to another user (uid \(uid)), who may have made it to catch your commands; nothing was sent. Run the command again (Tidings then uses a directory of yours under ~/.local/state), or set TIDINGS_SOCKET to a path of your own",
                status: .daemonUnreachable)
        case .untrustedDirectory(let path, let problem):
            CommandFailure(
                message: "refusing to use the socket directory \(path): \(problem); another user may have made it to catch your commands. If it is yours (ls -ld \(ShellWord.quoted(path))), remove it and try again; else set TIDINGS_SOCKET to a path of your own",
                status: .daemonUnreachable)
        case .untrustedDaemon(let path, let uid):
            CommandFailure(
                message: "refusing to talk to the process on \(path): it runs as another user (uid \(uid)), not as you; nothing was sent to it",
                status: .daemonUnreachable)
        case .connectionLost:
            CommandFailure(message: "the daemon closed the connection before answering; see 'journalctl --user -u tidingsd'")
        case .unanswered(let method) where readOnlyMethods.contains(method):
            CommandFailure(message: "the daemon closed the connection before answering; see 'journalctl --user -u tidingsd'")
        case .unanswered:
            CommandFailure(message: unansweredChange)
        case .protocolMismatch(let daemonProtocol, let daemonVersion, let clientProtocol):
            CommandFailure(message: "tidingsd \(daemonVersion) speaks protocol \(daemonProtocol) but this tidings speaks \(clientProtocol); install matching versions of tidings and tidingsd")
        case .malformedResponse(let detail):
            CommandFailure(message: "unexpected answer from the daemon: \(detail)")
        case .timedOut(let method, let seconds, let pid, let stopped):
            CommandFailure(
                message: notAnswering(method: method, seconds: seconds, pid: pid, stopped: stopped)
                    + (readOnlyMethods.contains(method) || method == "hello" ? "" : "; the change was sent, and may still be made when it answers again"),
                status: .daemonUnreachable)
        }
    }

    /// The daemon went silent: who it is, for how long, and what to do.
    static func notAnswering(method: String, seconds: Int, pid: Int32?, stopped: Bool) -> String {
        let who = pid.map { "the daemon (pid \($0))" } ?? "the daemon"
        let what = "\(who) is not answering: nothing came for \(seconds) s after asking for \(method)"
        if stopped, let pid {
            return what + "; it is stopped (kill -CONT \(pid) resumes it)"
        }
        return what + "; see 'journalctl --user -u tidingsd' (or its log), or set TIDINGS_TIMEOUT to wait longer"
    }

    private static func describe(_ error: OpenTargetError) -> String {
        switch error {
        case .noLink(let item): "item \(item) has no link"
        case .noEnclosure(let item): "item \(item) has no enclosure"
        case .refused(let link, let reason): describe(BrowserLaunchError.refusedLink(link, reason: reason))
        }
    }

    private static func describe(_ error: BrowserLaunchError) -> String {
        switch error {
        case .refusedLink(let link, let reason):
            "refusing to open '\(link)': \(reason)"
        case .noBrowserStarted(let tried, let reason):
            "cannot start a browser (tried \(tried.joined(separator: ", ")): \(reason)); set 'browser' in the config or $BROWSER"
        case .browserFailed(let program, let status):
            "the browser '\(program)' exited with status \(status)"
        case .browserKilled(let program, let signal):
            "the browser '\(program)' was killed by signal \(signal)"
        }
    }
}
