import FeedEntities
import ArgumentParser
import FeedClient

/// Reads `tidings`' arguments: the command they name, parsed by that command alone when it can
/// be, and every usage error in the voice of the other errors (`UsageError`).
///
/// The root's parse first builds the argument sets of all the subcommands (by reflection: a
/// third of the client's CPU time for a `list`); a command that parses cleanly by itself parses
/// the same way there. Help, version and completion requests, and words that name no command,
/// take the full parse.
struct CommandLineReader {
    /// The arguments (without the program name), global options moved after the command.
    let arguments: [String]
    private let commands: [(name: String, type: any ParsableCommand.Type)]

    /// Arguments that need the whole command tree: help, version and completion requests.
    private static let treeArguments: Set<String> = [
        "help", "-h", "--help", "--version", "--experimental-dump-help", "--generate-completion-script",
    ]

    init(arguments: [String], commands: [any ParsableCommand.Type]) {
        self.commands = commands.map { ($0.configuration.commandName ?? "", $0) }
        self.arguments = GlobalOptionPlacement.rearranged(arguments, commands: Set(self.commands.map(\.name)))
    }

    /// The command the arguments name, when they start with one.
    var commandName: String? {
        guard let first = arguments.first, commands.contains(where: { $0.name == first }) else { return nil }
        return first
    }

    /// The parsed command (or one of the parser's own: help, completions).
    /// - Throws: `UsageError`, or the parser's error (including its clean exits: help, version,
    ///   completion scripts and answers).
    func parse() async throws -> any ParsableCommand {
        if let name = commandName, let type = commands.first(where: { $0.name == name })?.type,
           !arguments.contains(where: { Self.treeArguments.contains($0) || $0.hasPrefix("--generate-completion") }) {
            return try await parse(type, named: name, Array(arguments.dropFirst()))
        }
        let first = GlobalOptionPlacement.leadingGlobalOptions(arguments)
        if first < arguments.count, case let word = arguments[first], !word.hasPrefix("-"), word != "help",
           !commands.contains(where: { $0.name == word }) {
            let question = CommandSuggestion.question(CommandSuggestion.candidates(for: word, among: commands.map(\.name)))
            throw UsageError("unknown command '\(word)'" + (question.map { "; " + $0 } ?? ""), command: nil)
        }
        return try await Tidings.asyncParseAsRoot(arguments)
    }

    /// Parses `arguments` as command `type`'s. When that fails, reads them as getopt would
    /// (`CommandSyntax`): a value attached to a short option is split off and the arguments parsed
    /// once more, and a word the parser took for an option is explained.
    private func parse(_ type: any ParsableCommand.Type, named name: String, _ arguments: [String]) async throws -> any ParsableCommand {
        var arguments = arguments
        do {
            return try await Self.parse(type, arguments)
        } catch {
            let syntax = CommandSyntax(name: name, command: type)
            var failure = error
            if let split = syntax.splittingAttachedValues(arguments) {
                arguments = split
                do {
                    return try await Self.parse(type, split)
                } catch {
                    failure = error
                }
            }
            guard let (word, correction) = syntax.misreadWord(in: arguments) else { throw failure }
            let purpose = name == "search" ? "to search for it" : "to give it as an argument"
            throw UsageError(
                "'\(word)' was read as an option; \(purpose), write: tidings \(correction.map(ShellWord.quoted).joined(separator: " "))",
                command: name)
        }
    }

    private static func parse(_ type: any ParsableCommand.Type, _ arguments: [String]) async throws -> any ParsableCommand {
        // A command with subcommands (`feed show`) is the root of its own small tree.
        if !type.configuration.subcommands.isEmpty { return try type.parseAsRoot(arguments) }
        guard let asyncType = type as? any AsyncParsableCommand.Type else { return try type.parse(arguments) }
        return try await asyncType.asyncParse(arguments)
    }

    /// What to write for `error` (on stdout for help, version and completions, else on stderr)
    /// and the exit status.
    func report(_ error: any Error) -> (text: String, toStandardOutput: Bool, status: Int32) {
        if let usage = error as? UsageError { return (usage.text, false, 2) }
        switch Tidings.exitCode(for: error) {
        case .success:
            // Help, version and completion scripts: the parser's own text.
            let text = Tidings.fullMessage(for: error)
            return (text.isEmpty ? "" : text + "\n", true, 0)
        case .validationFailure:
            return (UsageError(parserMessage: Tidings.message(for: error), command: commandName).text, false, 2)
        case let code:
            let message = Tidings.message(for: error)
            let text = message.isEmpty ? "" : "tidings: " + TerminalText.sanitize(UsageError.oneVoice(message)) + "\n"
            return (text, false, code.rawValue)
        }
    }
}
