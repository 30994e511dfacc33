import ChildProcess

extension WaitStatus {
    /// What to say of a program of the user's that did not end well (`bookmark_cmd`, `pipe_to`,
    /// the image viewer); `nil` for exit status 0.
    func problem(program: String) -> String? {
        switch self {
        case .exited(0): nil
        case .exited(let code): "`\(program)` exited with status \(code)"
        case .signalled(let signal): "`\(program)` was ended by signal \(signal)"
        }
    }
}
