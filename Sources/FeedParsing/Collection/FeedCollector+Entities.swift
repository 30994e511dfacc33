internal import CLibXML2

/// Entity references, answered by the collector instead of libxml2.
///
/// The parser runs with `XML_PARSE_OLDSAX`, which makes libxml2 ask `getEntity` for every named
/// reference, the predefined five included, before it looks anywhere else. In content the
/// collector writes the replacement text itself and returns an empty entity; this is what lets it
/// decode HTML names (`&nbsp;`) that no DTD declares, keep other undeclared names as the text
/// they were (`&bogus;`), bound the expansion of declared entities, and keep `&amp;` after an
/// earlier error (libxml2 2.9 silently drops entity references once a
/// document has stopped being well-formed, even in recovery mode).
extension FeedCollector {
    func entity(named namePointer: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        guard let context else { return nil }
        switch context.pointee.instate {
        case XML_PARSER_CONTENT:
            if var character = Self.predefinedCharacter(namePointer) {
                withUnsafePointer(to: &character) { appendEntityText(UnsafeBufferPointer(start: $0, count: 1)) }
                return emptyEntity
            }
            replacementText(for: namePointer, context: context).withUnsafeBufferPointer { appendEntityText($0) }
            return emptyEntity
        case XML_PARSER_ATTRIBUTE_VALUE:
            // libxml2 substitutes the predefined entities in attribute values itself (`&` as
            // `&#38;`, undone by `AttributeList`). Anything else in an attribute stays undefined:
            // no attribute the parser reads has a use for it.
            return Self.predefinedCharacter(namePointer) != nil ? xmlGetPredefinedEntity(namePointer) : nil
        default:
            // Inside the DTD libxml2 may store data in what it gets back: give it nothing.
            return nil
        }
    }

    /// Records an entity declaration from the internal subset. Only internal general entities
    /// are kept; external ones are never read, and their references stand for nothing (unlike
    /// names nobody declared, which are kept as text).
    func declareEntity(name: UnsafePointer<xmlChar>, type: Int32, content: UnsafeMutablePointer<xmlChar>?) {
        switch type {
        case Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue):
            guard let content else { return }
            entities.declare(String(cString: name), replacement: CString.bytes(content))
        case Int32(XML_EXTERNAL_GENERAL_PARSED_ENTITY.rawValue), Int32(XML_EXTERNAL_GENERAL_UNPARSED_ENTITY.rawValue):
            entities.declareExternal(String(cString: name))
        default:
            break
        }
    }

    /// What a reference in content stands for: the expansion of a declared entity, the
    /// character of an HTML 4 name, else the reference itself as text (`&bogus;` stays
    /// `&bogus;`, as a browser shows it, rather than vanishing with libxml2's recovery).
    private func replacementText(for namePointer: UnsafePointer<xmlChar>, context: xmlParserCtxtPtr) -> [UInt8] {
        let name = String(cString: namePointer)
        if let expansion = entities.expansion(of: name) { return expansion }
        // An undeclared name is a well-formedness error unless the document has declarations
        // the parser does not read (XML 1.0, WFC: Entity Declared).
        let ctxt = context.pointee
        if ctxt.standalone == 1 || (ctxt.hasExternalSubset == 0 && ctxt.hasPErefs == 0) {
            sawError = true
        }
        if let character = HTMLEntities.scalar(named: name) { return EntityText.utf8(character) }
        return Array("&\(name);".utf8)
    }

    /// The five predefined entities, matched on bytes: they are by far the most frequent.
    private static func predefinedCharacter(_ name: UnsafePointer<xmlChar>) -> UInt8? {
        switch name[0] {
        case UInt8(ascii: "a"):
            if CString.equals(name, "amp") { return UInt8(ascii: "&") }
            if CString.equals(name, "apos") { return UInt8(ascii: "'") }
        case UInt8(ascii: "l"):
            if CString.equals(name, "lt") { return UInt8(ascii: "<") }
        case UInt8(ascii: "g"):
            if CString.equals(name, "gt") { return UInt8(ascii: ">") }
        case UInt8(ascii: "q"):
            if CString.equals(name, "quot") { return UInt8(ascii: "\"") }
        default:
            break
        }
        return nil
    }
}
