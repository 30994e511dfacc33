#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's stdout and stderr.
public final class StandardTerminal: Terminal {
    public let isTTY: Bool
    public let width: Int

    /// - Parameter environment: read for `COLUMNS` when the window size cannot be asked for.
    public init(environment: [String: String]) {
        isTTY = isatty(STDOUT_FILENO) == 1
        width = Self.columns(isTTY: isTTY, environment: environment)
    }

    public func write(_ text: String) {
        Self.write(text, to: STDOUT_FILENO)
    }

    public func writeError(_ text: String) {
        Self.write(text, to: STDERR_FILENO)
    }

    /// The window width from `TIOCGWINSZ`, else `COLUMNS`, else 80.
    private static func columns(isTTY: Bool, environment: [String: String]) -> Int {
        if isTTY {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return Int(size.ws_col)
            }
        }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return columns
        }
        return 80
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
