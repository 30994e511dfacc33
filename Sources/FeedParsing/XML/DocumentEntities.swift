/// The general entities a document declares in its internal subset, expanded under a budget.
///
/// libxml2 is never allowed to expand entities itself (no `XML_PARSE_NOENT`): the collector's
/// `getEntity` asks this store instead. Only internal entities are kept — external ones
/// (`SYSTEM "file:///etc/passwd"`) are dropped at declaration, so nothing outside the document is
/// ever read. Expansion is bounded twice: nesting deeper than `maximumNesting` (which also
/// catches loops) is refused, and the total expanded size per document may not exceed
/// `expansionBudget`, so a "billion laughs" document costs a few size computations, not
/// gigabytes. A refused reference expands to nothing and marks the document as not read
/// faithfully (`refusedExpansion`).
struct DocumentEntities {
    static let maximumDeclarations = 10_000
    static let maximumNesting = 16

    let expansionBudget: Int
    private var declared: [String: [UInt8]] = [:]
    private var external: Set<String> = []
    /// Expanded sizes, `nil` for entities that cannot be expanded (loop or too deep).
    private var sizes: [String: Int?] = [:]
    private var spent = 0
    private(set) var refusedExpansion = false

    init(expansionBudget: Int) {
        self.expansionBudget = expansionBudget
    }

    /// Records an internal general entity; the first declaration of a name wins (XML 1.0 §4.2).
    mutating func declare(_ name: String, replacement: UnsafeBufferPointer<UInt8>) {
        guard declared[name] == nil, !external.contains(name), declared.count < Self.maximumDeclarations,
            HTMLEntities.predefinedScalar(named: name) == nil
        else { return }
        declared[name] = Array(replacement)
    }

    /// Records an external entity, which is never read: its references expand to nothing and
    /// mark the document as not read faithfully. The first declaration of a name wins.
    mutating func declareExternal(_ name: String) {
        guard declared[name] == nil, !external.contains(name), external.count < Self.maximumDeclarations else { return }
        external.insert(name)
    }

    /// The replacement text of the declared entity `name`, references inside it expanded;
    /// empty when expanding it would exceed the budget or the nesting limit, or when it is
    /// external. `nil` when the document does not declare `name`.
    mutating func expansion(of name: String) -> [UInt8]? {
        if !external.isEmpty, external.contains(name) {
            refusedExpansion = true
            return []
        }
        guard let replacement = declared[name] else { return nil }
        guard let size = expandedSize(of: name, depth: 0), size <= expansionBudget - spent else {
            refusedExpansion = true
            return []
        }
        // Every reference costs at least one unit, so even empty entities cannot be used
        // to make the parser loop for free.
        spent += max(size, 1)
        var output: [UInt8] = []
        output.reserveCapacity(size)
        expand(replacement, into: &output)
        return output
    }

    // MARK: - Expansion

    private mutating func expandedSize(of name: String, depth: Int) -> Int? {
        if let known = sizes[name] { return known }
        guard depth < Self.maximumNesting, let replacement = declared[name] else { return nil }
        var total = 0
        var failed = false
        Self.forEachSegment(of: replacement) { segment in
            switch segment {
            case .literal(let range):
                total = total.addingSaturated(range.count)
            case .character(let bytes):
                total = total.addingSaturated(bytes.count)
            case .reference(let referenced):
                if let size = expandedSize(of: referenced, depth: depth + 1) {
                    total = total.addingSaturated(size)
                } else if declared[referenced] != nil {
                    failed = true
                } else {
                    total = total.addingSaturated(referenced.utf8.count + 2)  // kept as written
                }
            }
        }
        let result: Int? = failed ? nil : total
        sizes[name] = .some(result)
        return result
    }

    private func expand(_ replacement: [UInt8], into output: inout [UInt8]) {
        Self.forEachSegment(of: replacement) { segment in
            switch segment {
            case .literal(let range):
                output.append(contentsOf: replacement[range])
            case .character(let bytes):
                output.append(contentsOf: bytes)
            case .reference(let referenced):
                if let nested = declared[referenced] {
                    expand(nested, into: &output)
                } else {
                    output.append(UInt8(ascii: "&"))
                    output.append(contentsOf: referenced.utf8)
                    output.append(UInt8(ascii: ";"))
                }
            }
        }
    }

    private enum Segment {
        /// Bytes to copy as they are.
        case literal(Range<Int>)
        /// A character reference or a predefined/HTML entity, already decoded.
        case character([UInt8])
        /// A reference to another (declared or unknown) entity.
        case reference(String)
    }

    /// Splits a replacement text into literal runs and `&…;` references. libxml2 has already
    /// replaced character references in entity values, but `&#38;#38;`-style double escapes
    /// leave some behind.
    private static func forEachSegment(of text: [UInt8], _ body: (Segment) -> Void) {
        var start = 0
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "&"), let end = text[index...].prefix(40).firstIndex(of: UInt8(ascii: ";")),
                end > index + 1
            else {
                index += 1
                continue
            }
            if index > start { body(.literal(start..<index)) }
            let name = String(decoding: text[(index + 1)..<end], as: UTF8.self)
            if let decoded = EntityText.characterReference(name) ?? EntityText.namedCharacter(name) {
                body(.character(decoded))
            } else {
                body(.reference(name))
            }
            index = end + 1
            start = index
        }
        if index > start { body(.literal(start..<index)) }
    }
}

extension Int {
    fileprivate func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
