/// Decoding of single references to UTF-8.
enum EntityText {
    /// `#233` or `#xE9` as UTF-8, `nil` when it is not a valid character reference.
    static func characterReference(_ name: String) -> [UInt8]? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32? =
            if digits.first == "x" || digits.first == "X" {
                UInt32(digits.dropFirst(), radix: 16)
            } else {
                UInt32(digits, radix: 10)
            }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return utf8(scalar)
    }

    /// A predefined XML entity or an HTML 4 entity as UTF-8, `nil` for other names.
    static func namedCharacter(_ name: String) -> [UInt8]? {
        (HTMLEntities.predefinedScalar(named: name) ?? HTMLEntities.scalar(named: name)).map(utf8)
    }

    static func utf8(_ scalar: Unicode.Scalar) -> [UInt8] {
        Array(String(Character(scalar)).utf8)
    }
}
