import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The option names of one command, and the getopt reading of its arguments that the argument
/// parser lacks: a value attached to a short option (`-n1` for `-n 1`, `-un5` for `-u -n 5`),
/// and the words that look like options but are none (`search -kde`).
///
/// Built from the parser's own description of the command (`_dumpHelp`), and only after a parse
/// failed: it costs a command that parses nothing.
struct CommandSyntax {
    /// The command's name, as typed after `tidings`.
    let name: String
    private(set) var shortFlags: Set<Character> = []
    private(set) var shortOptionsWithValues: Set<Character> = []
    private(set) var longOptionsWithValues: Set<String> = []
    /// Whether a positional argument takes every word after it as written (`tag`'s changes):
    /// then no word is re-read here.
    private(set) var capturesRemainingInput = false

    /// One argument as getopt reads it.
    enum Token: Equatable {
        /// Options and their values, as written (`["-n1"]`, `["--feed", "3"]`).
        case option(written: [String], split: [String])
        /// An operand.
        case word(String)
        /// An operand that starts with `-` and names no option of the command: the argument
        /// parser takes it for an option.
        case misreadWord(String)
    }

    init(name: String, command: any ParsableCommand.Type) {
        self.name = name
        let description = try? JSONDecoder().decode(ToolInfo.self, from: Data(command._dumpHelp().utf8))
        for argument in description?.command.arguments ?? [] {
            if argument.kind == "positional", argument.parsingStrategy != "default" { capturesRemainingInput = true }
            for option in argument.names ?? [] {
                switch (option.kind, argument.kind) {
                case ("short", "flag"): if let letter = option.name.first { shortFlags.insert(letter) }
                case ("short", "option"): if let letter = option.name.first { shortOptionsWithValues.insert(letter) }
                case ("long", "option"): longOptionsWithValues.insert("--" + option.name)
                default: break
                }
            }
        }
    }

    /// The arguments as getopt reads them.
    func tokens(_ arguments: [String]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                tokens.append(.option(written: [argument], split: [argument]))
                tokens += arguments[index...].map { .word($0) }
                break
            }
            if argument.hasPrefix("--") {
                // Long options are the parser's to read (and to suggest a spelling for).
                var written = [argument]
                if longOptionsWithValues.contains(argument), index < arguments.count {
                    written.append(arguments[index])
                    index += 1
                }
                tokens.append(.option(written: written, split: written))
            } else if argument.hasPrefix("-"), argument.count > 1 {
                guard let split = shortOptions(argument, next: index < arguments.count ? arguments[index] : nil) else {
                    tokens.append(.misreadWord(argument))
                    continue
                }
                let written = split.takesNext ? [argument, arguments[index]] : [argument]
                if split.takesNext { index += 1 }
                tokens.append(.option(written: written, split: split.arguments))
            } else {
                tokens.append(.word(argument))
            }
        }
        return tokens
    }

    /// `-un5` as `-u -n 5`, or `nil` when a letter names no short option.
    private func shortOptions(_ argument: String, next: String?) -> (arguments: [String], takesNext: Bool)? {
        var arguments: [String] = []
        var letters = Substring(argument.dropFirst())
        while let letter = letters.popFirst() {
            if shortFlags.contains(letter) {
                arguments.append("-\(letter)")
            } else if shortOptionsWithValues.contains(letter) {
                arguments.append("-\(letter)")
                if !letters.isEmpty {
                    return (arguments + [String(letters)], false)
                }
                return (arguments + (next.map { [$0] } ?? []), next != nil)
            } else {
                return nil
            }
        }
        return (arguments, false)
    }

    /// The arguments with attached short-option values split off, when that changes them.
    func splittingAttachedValues(_ arguments: [String]) -> [String]? {
        guard !capturesRemainingInput else { return nil }
        let split = tokens(arguments).flatMap { token -> [String] in
            switch token {
            case .option(_, let split): split
            case .word(let word), .misreadWord(let word): [word]
            }
        }
        return split == arguments ? nil : split
    }

    /// The first word the parser takes for an option, and the command line that gives it as a
    /// word: the options first, then the words before it, then `--` and the rest of the words.
    func misreadWord(in arguments: [String]) -> (word: String, correction: [String])? {
        guard !capturesRemainingInput else { return nil }
        let tokens = tokens(arguments)
        guard let first = tokens.firstIndex(where: { if case .misreadWord = $0 { true } else { false } }),
              case .misreadWord(let word) = tokens[first]
        else { return nil }
        var options: [String] = [], before: [String] = [], after: [String] = []
        for (index, token) in tokens.enumerated() {
            switch token {
            case .option(let written, _) where written != ["--"]: options += written
            case .option: break
            case .word(let word), .misreadWord(let word):
                if index < first { before.append(word) } else { after.append(word) }
            }
        }
        return (word, [name] + options + before + ["--"] + after)
    }
}

/// The part of the parser's `--experimental-dump-help` document read here.
private struct ToolInfo: Decodable {
    struct Command: Decodable {
        var arguments: [Argument]?
    }
    struct Argument: Decodable {
        var kind: String
        var names: [Name]?
        var parsingStrategy: String?
    }
    struct Name: Decodable {
        var kind: String
        var name: String
    }
    var command: Command
}
