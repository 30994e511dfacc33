import FeedIPC
import Testing

struct WireReaderTests {
    @Test func readsIntegersToTheEdgesOfInt64() throws {
        for (text, value) in [("0", 0), ("-0", 0), ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min)] as [(String, Int64)] {
            var reader = WireReader(Array(text.utf8))
            #expect(try reader.int() == value)
            try reader.end()
        }
        for text in ["9223372036854775808", "01", "1.0", "1e3", "-", "", "x"] {
            var reader = WireReader(Array(text.utf8))
            #expect(throws: WireReader.Unexpected.self) { _ = try reader.int() }
        }
    }

    @Test func readsEscapesAndRefusesControlsAndLoneSurrogates() throws {
        var reader = WireReader(Array(#""a\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00z""#.utf8))
        #expect(try reader.string() == "a\"\\/\u{8}\u{C}\n\r\tAé😀z")
        for text in [#""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, #""\x""#, "\"a\u{1}\"", #""open"#] {
            var reader = WireReader(Array(text.utf8))
            #expect(throws: WireReader.Unexpected.self) { _ = try reader.string() }
        }
    }

    @Test func skipsNestedValuesUpToItsDepth() throws {
        var reader = WireReader(Array(#"{"a":[1,{"b":null},"c",true,false],"d":{}}"#.utf8))
        try reader.skipValue()
        try reader.end()
        let deep = String(repeating: "[", count: WireReader.maximumDepth + 1) + String(repeating: "]", count: WireReader.maximumDepth + 1)
        var tooDeep = WireReader(Array(deep.utf8))
        #expect(throws: WireReader.Unexpected.self) { try tooDeep.skipValue() }
    }
}
