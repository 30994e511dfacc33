import Glibc
import ChildProcess

/// Runs `tidingsd restore BACKUP`, found the way autostart finds `tidingsd` (next to the running
/// `tidings`, else on `PATH`), with an argument vector and no shell, its standard output and
/// error the client's own.
public final class ProcessOfflineRestorer: OfflineRestorer {
    private let environment: [String: String]
    private let executablePath: String?

    /// - Parameters:
    ///   - environment: the client's environment, passed on (`XDG_*` and `HOME` place the
    ///     config file and the database).
    ///   - executablePath: the running `tidings` (default: `/proc/self/exe`).
    public init(environment: [String: String], executablePath: String? = nil) {
        self.environment = environment
        self.executablePath = executablePath
    }

    public func restore(backup: String, allowCommands: Bool) throws -> Bool {
        let program = try DaemonExecutable.find(environment: environment, executablePath: executablePath)
        // In the client's process group, as a foreground command: a Ctrl-C stops both, which
        // leaves the database as it was (the copy is renamed into place only once complete).
        let spawned = ChildProcess.spawn(
            [program, "restore"] + (allowCommands ? ["--allow-commands"] : []) + ["--", backup], environment: environment.map { "\($0.key)=\($0.value)" },
            input: .nullDevice, output: STDOUT_FILENO, error: STDERR_FILENO, group: .callerProcessGroup)
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error): throw DaemonLaunchError.cannotStart("\(program): \(error)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw DaemonLaunchError.cannotStart("\(program) restore: \(String(cString: strerror(errno)))")
            }
        }
        switch WaitStatus(status) {
        case .exited(let code): return code == 0
        case .signalled(let signal): throw DaemonLaunchError.cannotStart("\(program) restore was killed by signal \(signal)")
        }
    }
}
