/// Lets the global options (`GlobalOptions`) stand before the command, as git's do:
/// `tidings --socket P status` is read as `tidings status --socket P`.
///
/// Each command declares the global options itself, and a command is parsed on its own when it
/// can be (`CommandLineReader`), so options written before the command's name are moved
/// after its own arguments, before a `--` (after which every word is an operand).
enum GlobalOptionPlacement {
    /// The global options that take a value, as `--name value` or `--name=value`.
    static let optionsTakingValues: Set<String> = ["--socket", "--color"]
    /// The global flags.
    static let flags: Set<String> = ["--no-autostart"]

    /// `arguments` (without the program name) with the global options written before the
    /// command moved after the command's own arguments. When no command follows them, or a word
    /// that is not one of `commands` (help, a mistyped command), the arguments are left as they
    /// are: the root command declares the global options too, and reads them there.
    static func rearranged(_ arguments: [String], commands: Set<String>) -> [String] {
        let leading = leadingGlobalOptions(arguments)
        guard leading > 0, leading < arguments.count, commands.contains(arguments[leading]) else { return arguments }
        let lifted = arguments[..<leading]
        let rest = arguments[(leading + 1)...]
        let terminator = rest.firstIndex(of: "--") ?? rest.endIndex
        return [arguments[leading]] + rest[..<terminator] + lifted + rest[terminator...]
    }

    /// How many of the first arguments are global options and their values.
    static func leadingGlobalOptions(_ arguments: [String]) -> Int {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) {
                index += 1
            } else if optionsTakingValues.contains(argument) {
                // A missing value is left to the parser to report.
                index = min(index + 2, arguments.count)
            } else if let equals = argument.firstIndex(of: "="), optionsTakingValues.contains(String(argument[..<equals])) {
                index += 1
            } else {
                break
            }
        }
        return index
    }
}
