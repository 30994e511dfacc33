import FeedEntities
import ArgumentParser
import FeedClient
import FeedIPC
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// The completions of feed and tag arguments, which the shell gets by running
/// `tidings ---completion …` (through `Tidings.main`, like any command) when the user presses Tab.
enum ShellCompletion {
    /// Feed numbers and titles.
    static var feeds: CompletionKind { .custom { words, _, prefix in await candidates(.feed, words: words, prefix: prefix) } }
    /// Feed numbers.
    static var feedNumbers: CompletionKind {
        .custom { words, _, prefix in await candidates(.feedNumber, words: words, prefix: prefix) }
    }
    /// Tags.
    static var tags: CompletionKind { .custom { words, _, prefix in await candidates(.tag, words: words, prefix: prefix) } }
    /// Saved views' names.
    static var views: CompletionKind { .custom { words, _, prefix in await candidates(.view, words: words, prefix: prefix) } }
    /// The words of `tidings view`: what to do, then a view's name after `remove`.
    static var viewWords: CompletionKind {
        .custom { words, index, prefix in
            let previous = index > 0 && index <= words.count ? words[index - 1] : ""
            switch previous {
            case "view": return ["list", "add", "remove"]
            case "remove": return await candidates(.view, words: words, prefix: prefix)
            default: return []
            }
        }
    }
    /// Tags, with the `+` or `-` being typed.
    static var tagChanges: CompletionKind {
        .custom { words, _, prefix in await candidates(.tagChange, words: words, prefix: prefix) }
    }

    /// Asks the daemon on the socket the command line names (else the usual one), never starting
    /// it and waiting at most a second: nothing is printed but the candidates, and nothing at
    /// all on a failure.
    private static func candidates(_ kind: CompletionCandidates.Kind, words: [String], prefix: String) async -> [String] {
        let socket = SocketLocation.choose(
            explicit: socketOption(in: words), environment: ProcessInfo.processInfo.environment, uid: getuid())
        let daemon = UnixSocketDaemonClient(
            socketPath: socket.path, socketDirectory: socket.defaultDirectory, requestTimeout: 1, autostart: nil)
        return forRequestingShell(await CompletionCandidates(daemon: daemon).candidates(kind, prefix: prefix))
    }

    /// The candidates as the requesting shell's completion script must get them: the argument
    /// parser passes them on unchanged, and feed titles and tags are anyone's text.
    /// - bash: the script hands them to `compgen -W`, which expands them (a title `$(cmd)` would
    ///   run `cmd`): escaped once for `compgen`, which gives back the text itself; bash quotes
    ///   it as it inserts it (the script's `complete -o filenames`).
    /// - zsh: `_describe` reads `value:description`; a colon or backslash of the value is escaped.
    /// - fish takes each line literally.
    static func forRequestingShell(_ candidates: [String]) -> [String] {
        switch CompletionShell.requesting {
        case .bash?: candidates.map(ShellWord.escaped)
        case .zsh?: candidates.map { $0.replacing("\\", with: "\\\\").replacing(":", with: "\\:") }
        default: candidates
        }
    }

    /// The value of `--socket P` or `--socket=P` on the command line being completed (as the
    /// shell wrote it: surrounding quotes are removed), before any `--`. bash splits its words
    /// at `=` and `:` (`COMP_WORDBREAKS`), so `--socket=/a:b` may come as `--socket`, `=`,
    /// `/a`, `:`, `b`: the pieces are joined again.
    static func socketOption(in words: [String]) -> String? {
        var value: String?
        var index = 0
        while index < words.count, words[index] != "--" {
            let word = words[index]
            index += 1
            if word.hasPrefix("--socket=") {
                value = String(word.dropFirst("--socket=".count))
            } else if word == "--socket", index < words.count {
                var joined = words[index] == "=" ? "" : words[index]
                index += 1
                if joined.isEmpty, index < words.count {
                    joined = words[index]
                    index += 1
                }
                while index + 1 < words.count, words[index] == ":" {
                    joined += ":" + words[index + 1]
                    index += 2
                }
                value = joined
            }
        }
        guard var socket = value, !socket.isEmpty else { return nil }
        if socket.count >= 2, let quote = socket.first, quote == "'" || quote == "\"", socket.last == quote {
            socket = String(socket.dropFirst().dropLast())
        }
        return socket
    }
}
