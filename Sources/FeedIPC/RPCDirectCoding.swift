/// How a method's messages are written and read without Codable (`WireWriter`, `WireReader`),
/// for the methods on the hot path of a listing: `hello` and `items.list`, which every `tidings
/// list` sends, and `feeds.list`, whose answer is megabytes at thousands of feeds. The bytes
/// are the ones `WireCoding`'s encoder writes, so the protocol is the same either way; a line
/// the reader does not expect is read again with `JSONDecoder`.
public struct RPCDirectCoding<Method: RPCMethod>: Sendable {
    /// Writes the params object.
    public var writeParams: @Sendable (_ params: Method.Params, _ writer: inout WireWriter) -> Void
    /// Reads the params object.
    /// - Throws: `WireReader.Unexpected` for anything `writeParams` would not have written.
    public var readParams: @Sendable (_ reader: inout WireReader) throws(WireReader.Unexpected) -> Method.Params
    /// Writes the result object.
    public var writeResult: @Sendable (_ result: Method.Result, _ writer: inout WireWriter) -> Void
    /// Reads the result object.
    /// - Throws: `WireReader.Unexpected` for anything `writeResult` would not have written.
    public var readResult: @Sendable (_ reader: inout WireReader) throws(WireReader.Unexpected) -> Method.Result

    public init(
        writeParams: @escaping @Sendable (_ params: Method.Params, _ writer: inout WireWriter) -> Void,
        readParams: @escaping @Sendable (_ reader: inout WireReader) throws(WireReader.Unexpected) -> Method.Params,
        writeResult: @escaping @Sendable (_ result: Method.Result, _ writer: inout WireWriter) -> Void,
        readResult: @escaping @Sendable (_ reader: inout WireReader) throws(WireReader.Unexpected) -> Method.Result
    ) {
        self.writeParams = writeParams
        self.readParams = readParams
        self.writeResult = writeResult
        self.readResult = readResult
    }

    /// The params of a request line; `nil` when it has none (or `null`) or the reader does not
    /// expect them, which the caller then reads with `JSONDecoder` (and its error messages).
    public func params(ofRequest line: [UInt8]) -> Method.Params? {
        var reader = WireReader(line)
        var params: Method.Params?
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key == "params", !reader.null() {
                    params = try readParams(&reader)
                } else {
                    try reader.skipValue()
                }
            }
            try reader.end()
        } catch {
            return nil
        }
        return params
    }

    /// The result of a response line that answers request `id` with a result; `nil` for any
    /// other line (an error, a notification, another id) or one the reader does not expect,
    /// which the caller then reads with `JSONDecoder`.
    public func result(ofResponse line: [UInt8], id: RPCID) -> Method.Result? {
        var reader = WireReader(line)
        var answered: RPCID?
        var result: Method.Result?
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "id":
                    if reader.null() { return nil }
                    answered = .number(try reader.int())
                case "jsonrpc":
                    guard try reader.string() == "2.0" else { return nil }
                case "result":
                    result = try readResult(&reader)
                default:
                    // `error`, `method` and members of later versions: the decoder's to read.
                    return nil
                }
            }
            try reader.end()
        } catch {
            return nil
        }
        guard answered == id else { return nil }
        return result
    }
}
