internal import CLibXML2

/// Comparisons of libxml2's NUL-terminated UTF-8 strings with literals, without allocating.
enum CString {
    static func equals(_ string: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        let bytes = literal.utf8Start
        for offset in 0..<count where string[offset] != bytes[offset] {
            return false  // also stops at the terminator, which no literal byte equals
        }
        return string[count] == 0
    }

    /// The bytes of a NUL-terminated string, without the terminator.
    static func bytes(_ string: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self)))
    }
}
