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

    func store(_ text: CapturedText, in fields: inout Fields) {
        switch self {
        case .text(let field, let kind):
            if fields[keyPath: field] == nil { fields[keyPath: field] = kind.read(text) }
        case .date(let field):
            if fields[keyPath: field] == nil { fields[keyPath: field] = text.date }
        }
    }
}
