import Glibc

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first `byte` at or after `start` and before `end` (the buffer's end by
    /// default), found with `memchr`: the scanners that run over whole documents jump from one
    /// byte of interest to the next with it.
    func firstIndex(of byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = Swift.min(end ?? count, count)
        guard start < end, let base = baseAddress, let found = memchr(base + start, Int32(byte), end - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
