import Testing
@testable import FeedParsing

@Suite("DocumentPrologue")
struct DocumentPrologueTests {
    private func encoding(_ document: [UInt8], httpCharset: String?) -> DocumentPrologue.Encoding {
        document.withUnsafeBytes { DocumentPrologue($0).encoding(httpCharset: httpCharset, document: $0) }
    }

    private func encoding(_ document: String, httpCharset: String?) -> DocumentPrologue.Encoding {
        encoding(Array(document.utf8), httpCharset: httpCharset)
    }

    @Test func httpCharsetWinsOverTheDeclarationAsRFC7303Says() {
        #expect(encoding("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss/>", httpCharset: "utf-8") == .automatic)
        #expect(encoding("<?xml version='1.0' encoding='utf-8'?><rss/>", httpCharset: "windows-1251") == .converter("windows-1251"))
        #expect(encoding("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss/>", httpCharset: "iso-8859-1") == .windows1252(guessed: false))
    }

    @Test func anHTTPCharsetTheBytesProveWrongGivesWayToTheDeclaration() {
        // "UTF-8" on bytes that are not UTF-8.
        let koi8: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"KOI8-R\"?><rss><title>".utf8) + [0xF0, 0xD2] + Array("</title></rss>".utf8)
        #expect(encoding(koi8, httpCharset: "utf-8") == .converter("koi8-r"))
        // A latin1 header on a document that declares UTF-8 and is UTF-8.
        let utf8 = "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><title>Crème brûlée</title></rss>"
        #expect(encoding(utf8, httpCharset: "iso-8859-1") == .automatic)
        #expect(encoding(utf8, httpCharset: "windows-1251") == .automatic)
        // Pure ASCII proves nothing: the header stands.
        #expect(encoding("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss/>", httpCharset: "iso-8859-1") == .windows1252(guessed: false))
    }

    @Test func httpCharsetAppliesWithoutDeclaration() {
        #expect(encoding("<rss/>", httpCharset: "Shift_JIS") == .converter("shift_jis"))
        #expect(encoding("<?xml version=\"1.0\"?><rss/>", httpCharset: "windows-1251") == .converter("windows-1251"))
        #expect(encoding("<rss/>", httpCharset: nil) == .automatic)
        #expect(encoding("<rss/>", httpCharset: "UTF-8") == .automatic)
    }

    @Test(arguments: ["ISO-8859-1", "latin1", "US-ASCII", "iso_8859-1", "Windows-1252"])
    func latin1FamilyIsReadAsWindows1252(name: String) {
        #expect(encoding("<rss/>", httpCharset: name) == .windows1252(guessed: false))
    }

    @Test func undeclaredNonUTF8IsGuessedAsWindows1252() {
        let latin1: [UInt8] = Array("<rss><title>Cr".utf8) + [0xE8] + Array("me</title></rss>".utf8)
        #expect(encoding(latin1, httpCharset: nil) == .windows1252(guessed: true))
    }

    @Test func byteOrderMarkWinsOverEverything() {
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"latin1\"?><rss/>".utf8)
        #expect(encoding(utf8BOM, httpCharset: "latin1") == .automatic)
        #expect(encoding([0x3C, 0x00, 0x72, 0x00], httpCharset: "latin1") == .automatic)
    }

    @Test func wideEncodingsAreNotScannedAsBytes() {
        let utf16: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00]
        utf16.withUnsafeBytes { #expect(!DocumentPrologue($0).isASCIICompatible(.automatic)) }
        Array("<rss/>".utf8).withUnsafeBytes {
            #expect(DocumentPrologue($0).isASCIICompatible(.automatic))
            #expect(!DocumentPrologue($0).isASCIICompatible(.converter("iso-2022-jp")))
        }
    }
}
