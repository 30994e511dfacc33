#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a captured field goes in a handler's field struct. A feed that repeats an element
/// (two `<title>`s) keeps the first.
enum FieldTarget<Fields> {
    case text(WritableKeyPath<Fields, String?>, TextKind)
    case date(WritableKeyPath<Fields, Date?>)
    /// Kept as captured, with the encoding still to undo, and read when the item is built (long
    /// fields of items: see `ItemAssembler`). A blank one may be replaced by a later element.
    case draft(WritableKeyPath<Fields, DraftText?>)

    /// Stores `text`, whose `encoding` is still to undo; draft fields go into `arena`.
    func store(_ text: CapturedText, encoding: ContentEncoding, in fields: inout Fields, arena: inout TextArena) {
        switch self {
        case .text(let field, let kind):
            if fields[keyPath: field] == nil { fields[keyPath: field] = kind.read(text.decoding(encoding)) }
        case .date(let field):
            if fields[keyPath: field] == nil { fields[keyPath: field] = text.decoding(encoding).date }
        case .draft(let field):
            if fields[keyPath: field]?.isBlank ?? true {
                fields[keyPath: field] = DraftText(text, encoding: encoding, in: &arena)
            }
        }
    }
}
