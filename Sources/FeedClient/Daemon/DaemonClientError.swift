import FeedIPC

/// Why a request could not get an answer from the daemon (as opposed to an `RPCError`, which
/// is the daemon's own answer).
public enum DaemonClientError: Error, Equatable, Sendable {
    /// Connecting to the socket failed: no daemon is running, or the path is wrong.
    case unreachable(socketPath: String, reason: UnreachableReason)
    /// No daemon listens, and a systemd user unit (`unitPath`) is installed: the client leaves
    /// starting it to systemd.
    case managedBySystemd(socketPath: String, reason: UnreachableReason, unitPath: String)
    /// No daemon listened, and the client could not start one (`reason` says why).
    case autostartFailed(socketPath: String, reason: String)
    /// The default socket directory is not the user's own private directory (`problem` says
    /// how): whatever listens in it may belong to someone else, so nothing is sent there and
    /// no daemon is started there.
    case untrustedDirectory(path: String, problem: PrivateDirectory.Problem)
    /// The process listening on the socket runs as another user (`uid`, from `SO_PEERCRED`):
    /// it is not the user's daemon, and nothing is sent to it.
    case untrustedDaemon(socketPath: String, uid: UInt32)
    /// The connection closed (or broke) before the request was fully sent: the daemon did not
    /// read it, so nothing was done.
    case connectionLost
    /// The request `method` was sent whole, then the connection closed (or broke) before its
    /// answer: the daemon may have carried it out before it stopped, or not.
    case unanswered(method: String)
    /// The daemon speaks another major version of the socket protocol.
    case protocolMismatch(daemonProtocol: String, daemonVersion: String, clientProtocol: String)
    /// A line from the daemon was not a JSON-RPC response the client can decode.
    case malformedResponse(String)
    /// The daemon accepted the request but sent nothing for `seconds` (no answer, no progress,
    /// none of the keep-alive lines a daemon from protocol 1.14 sends while it works): it is
    /// stopped, stuck, or far too slow. `pid` is the tidingsd process listening on the socket
    /// (`nil` when the listener is another process, such as systemd holding an activated
    /// socket), `stopped` whether the kernel shows it stopped (SIGSTOP, `kill -STOP`).
    case timedOut(method: String, seconds: Int, pid: Int32? = nil, stopped: Bool = false)

    /// Why `connect(2)` on the socket failed.
    public enum UnreachableReason: Equatable, Sendable {
        /// Nothing exists at the path (`ENOENT`): the daemon is not running.
        case noSocket
        /// The socket exists but no process listens (`ECONNREFUSED`): a stale socket.
        case refused
        /// Any other failure, with the system's description (`EACCES`, `ENOTSOCK`, ...).
        case other(String)
    }
}
