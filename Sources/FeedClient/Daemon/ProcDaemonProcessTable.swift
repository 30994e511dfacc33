/// The process table as `/proc` shows it, through `DaemonProcess`.
public struct ProcDaemonProcessTable: DaemonProcessTable {
    private let proc: String

    /// - Parameter proc: where procfs is mounted (a test points it at a folder of its own).
    public init(proc: String = "/proc") {
        self.proc = proc
    }

    public func isRunning(_ pid: Int32) -> Bool {
        DaemonProcess(pid: pid, proc: proc).map { !$0.hasEnded } ?? false
    }
}
