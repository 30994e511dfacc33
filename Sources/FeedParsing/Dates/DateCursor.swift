/// Byte-level reading helpers shared by both date syntaxes.
struct DateCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while let byte = current, byte.isASCIIWhitespace { index += 1 }
    }

    /// Reads 1…`maximum` digits; returns the value and how many digits were read.
    mutating func digits(maximum: Int = 9) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, let byte = current, byte.isASCIIDigit {
            value = value * 10 + Int(byte &- 0x30)
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }

    /// Reads exactly `count` digits.
    mutating func fixedDigits(_ count: Int) -> Int? {
        let start = index
        guard let read = digits(maximum: count), read.count == count else {
            index = start
            return nil
        }
        return read.value
    }

    /// Reads fraction digits after a decimal mark as seconds (`.5` → 0.5); digits beyond
    /// nanoseconds are read but ignored.
    mutating func fraction() -> Double {
        var nanoseconds = 0
        var scale = 100_000_000
        while let byte = current, byte.isASCIIDigit {
            nanoseconds += Int(byte &- 0x30) * scale
            scale /= 10
            index += 1
        }
        return Double(nanoseconds) / 1e9
    }

    /// Reads a run of ASCII letters, lowercased (at most 15, enough for any zone or month name).
    mutating func word() -> String? {
        let start = index
        while let byte = current, byte.isASCIILetter { index += 1 }
        let length = index - start
        guard length > 0, length <= 15 else { return nil }
        return String(unsafeUninitializedCapacity: length) { out in
            for offset in 0..<length { out[offset] = bytes[start + offset] | 0x20 }
            return length
        }
    }

    /// Reads one or two digits: a minute or second a feed wrote without its leading zero
    /// (`12:35:9`), as browsers and feedparser read it.
    mutating func oneOrTwoDigits() -> Int? {
        digits(maximum: 2)?.value
    }

    /// Reads a numeric zone offset after its sign: `hh`, `hhmm` or `hh:mm` (`hh:m` too, a
    /// minute without its zero: `+00:0`); returns seconds.
    mutating func offsetMagnitude() -> Int? {
        guard let first = digits(maximum: 4) else { return nil }
        switch first.count {
        case 4:
            return first.value / 100 * 3600 + first.value % 100 * 60
        case 1, 2:
            if current == UInt8(ascii: ":"), let minutes = peekMinutes() {
                index += minutes.length
                return first.value * 3600 + minutes.value * 60
            }
            return first.value * 3600
        default:
            return nil
        }
    }

    /// The minutes after the `:` at the cursor, and how many bytes they take with it.
    private func peekMinutes() -> (value: Int, length: Int)? {
        guard let tens = peek(1), tens.isASCIIDigit else { return nil }
        guard let ones = peek(2), ones.isASCIIDigit else { return (Int(tens &- 0x30), 2) }
        return (Int(tens &- 0x30) * 10 + Int(ones &- 0x30), 3)
    }
}
