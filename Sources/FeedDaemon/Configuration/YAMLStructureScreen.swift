// libyaml as Yams builds it: the same parser that `Yams.compose` runs afterwards, so the screen
// and the composer always agree on where a node, an anchor or a key is.
internal import CYaml

/// Reads the config's YAML as libyaml's event stream, before Yams builds a node tree from it,
/// and refuses what the config never needs and what makes building or hashing that tree
/// explode: anchors, aliases (and so merge keys, `<<: *x`), mapping keys that are lists or
/// mappings, and nesting deeper than `maximumDepth`.
///
/// Yams shares an aliased node rather than copying it, but it hashes every mapping key to find
/// repeated ones, and a key built from nested aliases (a "billion laughs" list used as `? *x`)
/// takes longer to hash than the daemon will ever live. Events come one at a time in constant
/// memory, so the screen stops at the first refused one without expanding anything.
struct YAMLStructureScreen {
    /// Nesting levels (lists and mappings inside each other) a config may use; the deepest the
    /// daemon reads is five (`rules` → a rule → `any` → a condition), and Yams builds the tree
    /// by recursion, on whatever thread loads the file.
    static let maximumDepth = 32

    /// A refused construct and the line (from 1) where it starts.
    struct Refusal: Error, Equatable {
        var line: Int
        var message: String
    }

    /// Walks the events of `text`.
    /// - Throws: `Refusal` at the first anchor, alias, complex key or over-deep node. A YAML
    ///   syntax error ends the walk without a refusal: `Yams.compose` meets the same error at
    ///   the same event, before it finishes (and hashes the keys of) any mapping around it.
    func check(_ text: String) throws(Refusal) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        // libyaml reads the buffer during each `yaml_parser_parse`: every call stays inside.
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(Refusal) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var open: [Container] = []
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_ALIAS_EVENT:
                    throw Refusal(line: line, message: Self.anchorsRefused)
                case YAML_SCALAR_EVENT:
                    if event.data.scalar.anchor != nil { throw Refusal(line: line, message: Self.anchorsRefused) }
                    _ = Self.place(in: &open)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                    if anchor != nil { throw Refusal(line: line, message: Self.anchorsRefused) }
                    if Self.place(in: &open) {
                        throw Refusal(line: line, message: "a list or mapping used as a mapping key is not supported in the Tidings config")
                    }
                    guard open.count < Self.maximumDepth else {
                        throw Refusal(line: line, message: "lists and mappings nested deeper than \(Self.maximumDepth) levels are not supported in the Tidings config")
                    }
                    open.append(isMapping ? .mapping(nextIsKey: true) : .list)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    open.removeLast()
                default:
                    continue
                }
            }
        }
    }

    static let anchorsRefused = "YAML anchors and aliases are not supported in the Tidings config"

    /// A list or mapping whose nodes are being read.
    private enum Container {
        case list
        /// A mapping's nodes alternate: key, value, key, …
        case mapping(nextIsKey: Bool)
    }

    /// Counts one node in the innermost open container.
    /// - Returns: whether the node is a mapping key.
    private static func place(in open: inout [Container]) -> Bool {
        guard case .mapping(let nextIsKey)? = open.last else { return false }
        open[open.count - 1] = .mapping(nextIsKey: !nextIsKey)
        return nextIsKey
    }
}
