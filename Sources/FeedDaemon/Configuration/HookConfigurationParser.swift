import Yams

/// Reads `on_new_items`: a list of hooks, each an argv list (`[/usr/local/bin/my-hook, --flag]`)
/// or a mapping `{command: [argv…], timeout: 30s}`. Errors name the hook, `on_new_items[1]`
/// (counted from 0), so that a broken entry is easy to find.
struct HookConfigurationParser {
    let file: String
    let key = "on_new_items"

    /// The hooks in `node`; an empty value means none.
    /// - Throws: `ConfigurationError` naming the key, or the hook and what is wrong with it.
    func hooks(_ node: Node) throws(ConfigurationError) -> [HookCommand] {
        if let scalar = node.scalar?.string {
            guard scalar.isEmpty || scalar == "~" || scalar == "null" else {
                throw ConfigurationError(
                    file: file, key: key,
                    message: "expected a list of hooks, each a list of arguments such as [/usr/local/bin/my-hook, --flag] (no shell)")
            }
            return []
        }
        guard let sequence = node.sequence else {
            throw ConfigurationError(file: file, key: key, message: "expected a list of hooks")
        }
        var hooks = [HookCommand]()
        for (index, entry) in sequence.enumerated() {
            do {
                hooks.append(try hook(entry, name: "\(key)[\(index)]"))
            } catch {
                // On the hook's own line rather than that of `on_new_items:`.
                var located = error
                located.line = located.line ?? entry.mark?.line
                throw located
            }
        }
        return hooks
    }

    private func hook(_ node: Node, name: String) throws(ConfigurationError) -> HookCommand {
        if node.sequence != nil {
            return HookCommand(arguments: try arguments(node, name: name), name: name)
        }
        guard let mapping = node.mapping else {
            throw ConfigurationError(
                file: file, key: name,
                message: "expected a list of arguments such as [/usr/local/bin/my-hook, --flag] or {command: […], timeout: 30s} (no shell)")
        }
        var command: [String]?
        var timeout = HookCommand.defaultTimeout
        for (keyNode, value) in mapping {
            switch keyNode.string {
            case "command": command = try arguments(value, name: name)
            case "timeout": timeout = try seconds(value, name: name)
            default:
                throw ConfigurationError(
                    file: file, key: name, message: "unknown key '\(keyNode.string ?? "")' (expected command and timeout)")
            }
        }
        guard let command else { throw ConfigurationError(file: file, key: name, message: "missing 'command'") }
        return HookCommand(arguments: command, timeout: timeout, name: name)
    }

    /// The argv: strings only, the program an absolute path or a bare name (found on `PATH`).
    private func arguments(_ node: Node, name: String) throws(ConfigurationError) -> [String] {
        guard let sequence = node.sequence else {
            throw ConfigurationError(
                file: file, key: name, message: "expected the command as a list of arguments such as [/usr/local/bin/my-hook, --flag] (no shell)")
        }
        var arguments = [String]()
        for element in sequence {
            guard let scalar = element.scalar?.string else {
                throw ConfigurationError(file: file, key: name, message: "every argument must be a string")
            }
            arguments.append(scalar)
        }
        guard let program = arguments.first, !program.isEmpty else {
            throw ConfigurationError(file: file, key: name, message: "the command is empty")
        }
        guard program.hasPrefix("/") || !program.contains("/") else {
            throw ConfigurationError(
                file: file, key: name, message: "the program must be an absolute path or a name found on PATH, got '\(program)'")
        }
        return arguments
    }

    /// A timeout: seconds, or a number with `s`, `m` or `h`; from 1 s to 1 h.
    private func seconds(_ node: Node, name: String) throws(ConfigurationError) -> Int {
        let text = node.scalar?.string.trimmingCharacters(in: .whitespaces) ?? ""
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        var value: Int?
        if let unit = text.last, let factor = units[unit] {
            value = Int(text.dropLast().trimmingCharacters(in: .whitespaces)).map { $0 * factor }
        } else {
            value = Int(text)
        }
        guard let value, (1...3600).contains(value) else {
            throw ConfigurationError(file: file, key: name, message: "timeout: expected a duration from 1s to 1h such as 30s, got '\(text)'")
        }
        return value
    }
}
