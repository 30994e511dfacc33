import Foundation

/// Checks a JSON value against one of the schemas in docs/schema/, which use a small subset of
/// JSON Schema 2020-12: type, properties, required, additionalProperties (false), items, enum,
/// minimum, $defs and local $ref. Unknown keywords are an error, so a schema cannot silently
/// promise more than is checked.
struct JSONSchemaValidator {
    let root: [String: Any]

    /// Loads `docs/schema/<name>` from the source tree.
    init(schema name: String) throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schema/\(name)")
        let data = try Data(contentsOf: url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw HarnessError("\(name) is not a JSON object")
        }
        self.root = root
    }

    /// The problems found, as `path: message` lines; empty when `data` matches.
    func problems(in data: Data) -> [String] {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return ["$: not JSON: \(String(decoding: data.prefix(200), as: UTF8.self))"]
        }
        var problems: [String] = []
        check(value, against: root, at: "$", problems: &problems)
        return problems
    }

    private static let known: Set<String> = [
        "$schema", "$id", "title", "description", "type", "properties", "required",
        "additionalProperties", "items", "enum", "minimum", "$defs", "$ref",
    ]

    private func check(_ value: Any, against schema: [String: Any], at path: String, problems: inout [String]) {
        for key in schema.keys where !Self.known.contains(key) {
            problems.append("\(path): the schema uses '\(key)', which this validator does not check")
        }
        if let reference = schema["$ref"] as? String {
            let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
            guard let definitions = root["$defs"] as? [String: Any], let target = definitions[name] as? [String: Any] else {
                problems.append("\(path): unresolved \(reference)")
                return
            }
            check(value, against: target, at: path, problems: &problems)
        }
        if let type = schema["type"] {
            let allowed = (type as? [String]) ?? [type as? String ?? ""]
            let actual = Self.type(of: value)
            let matches = allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))
            if !matches {
                problems.append("\(path): expected \(allowed.joined(separator: " or ")), got \(actual)")
                return
            }
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { "\($0)" == "\(value)" }) {
            problems.append("\(path): \(value) is not one of \(options)")
        }
        if let minimum = schema["minimum"] as? Double, let number = value as? Double, number < minimum {
            problems.append("\(path): \(number) is below \(minimum)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): missing '\(key)'")
            }
            for (key, member) in object {
                if let property = properties[key] as? [String: Any] {
                    check(member, against: property, at: "\(path).\(key)", problems: &problems)
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected key '\(key)'")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", problems: &problems)
            }
        }
    }

    private static func type(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let number as NSNumber:
            // JSONSerialization gives booleans the Objective-C type "c", integers "i"/"q", reals "d".
            switch String(cString: number.objCType) {
            case "c": return "boolean"
            case "d", "f": return "number"
            default: return "integer"
            }
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "unknown"
        }
    }
}
