import FeedIPC
import Testing

struct LineBufferTests {
    @Test func splitsLinesAcrossChunks() throws {
        var buffer = LineBuffer(limit: 64)
        buffer.append(Array("{\"a\":1}\n{\"b\"".utf8))
        #expect(try buffer.nextLine() == Array("{\"a\":1}".utf8))
        #expect(try buffer.nextLine() == nil)
        buffer.append(Array(":2}\r\n".utf8))
        #expect(try buffer.nextLine() == Array("{\"b\":2}".utf8))
        #expect(buffer.bufferedCount == 0)
    }

    @Test func refusesOverlongLines() {
        var buffer = LineBuffer(limit: 4)
        buffer.append(Array("123456".utf8))
        #expect(throws: LineBuffer.Failure.lineTooLong(limit: 4)) { try buffer.nextLine() }
    }
}
