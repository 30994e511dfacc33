import FeedStorage
import Yams

/// Reads `rules`: a list of mappings, each a `name`, conditions (`feed`, `tag`, `title`,
/// `author`, `link`, `content`: all must match; `any`: a list of single conditions, one of which
/// must) and `actions` (`read`, `star`, `hide`, `tag:NAME`). A pattern written `/…/` is a regular
/// expression (`(?i)` for case-insensitive), anything else a case-insensitive substring.
///
/// Errors name the rule, `rules[1] 'swift-news': title: invalid regular expression …` (counted
/// from 0, like `on_new_items`); unknown fields and actions are errors, names must be unique.
struct RuleParser {
    let file: String
    let key = "rules"

    /// The rules in `node`; an empty value means none.
    /// - Throws: `ConfigurationError` naming the rule and what is wrong with it.
    func rules(_ node: Node) throws(ConfigurationError) -> [Rule] {
        if let scalar = node.scalar?.string {
            guard scalar.isEmpty || scalar == "~" || scalar == "null" else {
                throw ConfigurationError(file: file, key: key, message: "expected a list of rules, each a mapping with a name")
            }
            return []
        }
        guard let sequence = node.sequence else {
            throw ConfigurationError(file: file, key: key, message: "expected a list of rules, each a mapping with a name")
        }
        var rules: [Rule] = []
        var names = Set<String>()
        for (index, entry) in sequence.enumerated() {
            let rule = try rule(entry, index: index)
            guard names.insert(rule.name).inserted else {
                throw fail("\(key)[\(index)] '\(rule.name)'", "another rule has the same name", at: entry)
            }
            rules.append(rule)
        }
        return rules
    }

    /// An error about the rule `label`, on the line of `node` (the rule, or the field at fault).
    private func fail(_ label: String, _ message: String, at node: Node) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, key: nil, message: "\(label): \(message)")
    }

    private func rule(_ node: Node, index: Int) throws(ConfigurationError) -> Rule {
        var label = "\(key)[\(index)]"
        guard let mapping = node.mapping else { throw fail(label, "expected a mapping with a name, conditions and actions", at: node) }
        guard let name = mapping["name"]?.scalar?.string.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            throw fail(label, "missing 'name'", at: node)
        }
        label += " '\(name)'"
        var conditions: [RuleCondition] = []
        var anyOf: [RuleCondition] = []
        var actions: [RuleAction]?
        for (keyNode, value) in mapping {
            let field = keyNode.string ?? ""
            switch field {
            case "name": continue
            case "actions": actions = try self.actions(value, label: label)
            case "any": anyOf = try self.anyOf(value, label: label)
            default: conditions.append(try condition(field, value, label: label))
            }
        }
        guard !conditions.isEmpty || !anyOf.isEmpty else {
            throw fail(label, "no condition (feed, tag, title, author, link, content or any)", at: node)
        }
        guard let actions, !actions.isEmpty else { throw fail(label, "missing 'actions' (read, star, hide, tag:NAME)", at: node) }
        return Rule(name: name, conditions: conditions, anyOf: anyOf, actions: actions)
    }

    private func condition(_ field: String, _ value: Node, label: String) throws(ConfigurationError) -> RuleCondition {
        guard let kind = RuleCondition.Field(rawValue: field) else {
            let known = RuleCondition.Field.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(label, "unknown field '\(field)' (expected name, \(known), any or actions)", at: value)
        }
        guard let text = value.scalar?.string else { throw fail(label, "\(field): expected a string", at: value) }
        do {
            return RuleCondition(field: kind, pattern: try RulePattern(parsing: text))
        } catch {
            throw fail(label, "\(field): \(error)", at: value)
        }
    }

    /// `any:` is a list of single conditions, `[{author: bob}, {title: "/^RE:/"}]`.
    private func anyOf(_ node: Node, label: String) throws(ConfigurationError) -> [RuleCondition] {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            throw fail(label, "any: expected a list of conditions such as [{author: bob}, {title: news}]", at: node)
        }
        var conditions: [RuleCondition] = []
        for entry in sequence {
            guard let mapping = entry.mapping, mapping.count == 1, let (keyNode, value) = mapping.first else {
                throw fail(label, "any: each entry is one condition such as {author: bob}", at: entry)
            }
            conditions.append(try condition(keyNode.string ?? "", value, label: label))
        }
        return conditions
    }

    private func actions(_ node: Node, label: String) throws(ConfigurationError) -> [RuleAction] {
        let words: [Node] = node.sequence.map(Array.init) ?? [node]
        var actions: [RuleAction] = []
        for word in words {
            guard let text = word.scalar?.string.trimmingCharacters(in: .whitespaces) else {
                throw fail(label, "actions: expected a list such as [read, star, hide, \"tag:NAME\"]", at: word)
            }
            let action: RuleAction
            switch text {
            case "read": action = .markRead
            case "star": action = .star
            case "hide": action = .hide
            case _ where text.hasPrefix("tag:"):
                let tags: [String]
                do {
                    tags = try TagName.validated([String(text.dropFirst(4))])
                } catch {
                    throw fail(label, "actions: \(error)", at: word)
                }
                action = .addTag(tags[0])
            default: throw fail(label, "actions: unknown action '\(text)' (expected read, star, hide or tag:NAME)", at: word)
            }
            if !actions.contains(action) { actions.append(action) }
        }
        return actions
    }
}
