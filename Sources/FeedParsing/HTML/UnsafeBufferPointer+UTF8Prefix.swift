extension UnsafeBufferPointer<UInt8> {
    /// The longest prefix of this UTF-8 text of at most `maxLength` bytes that does not end
    /// inside a character.
    func utf8Prefix(maxLength: Int) -> UnsafeBufferPointer<UInt8> {
        guard count > maxLength else { return self }
        var end = Swift.max(maxLength, 0)
        while end > 0, self[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: self[..<end])
    }
}
