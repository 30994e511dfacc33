@testable import FeedDaemon
import NIOCore
import NIOEmbedded
import Testing

struct LineFrameDecoderTests {
    func frames(_ chunks: [String], limit: Int = 16, close: Bool = false) throws -> [String] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: limit)))
        for chunk in chunks { try channel.writeInbound(ByteBuffer(string: chunk)) }
        if close { _ = try channel.finish() }
        var result = [String]()
        while let frame = try channel.readInbound(as: IPCFrame.self) {
            switch frame {
            case .line(let buffer): result.append(String(buffer: buffer))
            case .overlong: result.append("<overlong>")
            }
        }
        return result
    }

    @Test func splitsLinesAcrossReads() throws {
        #expect(try frames(["{\"a\"", ":1}\n{\"b\":2}\r\n{"]) == ["{\"a\":1}", "{\"b\":2}"])
    }

    @Test func overlongLinesAreReportedOnceAndSkipped() throws {
        #expect(try frames([String(repeating: "x", count: 40) + "\nok\n"]) == ["<overlong>", "ok"])
        #expect(try frames([String(repeating: "x", count: 20), String(repeating: "y", count: 20), "z\nok\n"]) == ["<overlong>", "ok"])
    }

    @Test func lastLineWithoutNewlineCountsAtEOF() throws {
        #expect(try frames(["one\ntwo"], close: true) == ["one", "two"])
    }
}
