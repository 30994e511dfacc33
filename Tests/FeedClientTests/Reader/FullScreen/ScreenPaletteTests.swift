@testable import FeedClient
import Testing

/// The palette: defaults where the config says nothing, an element given replacing its default
/// whole, a list row's `_unread` form following the row when only the row is given.
struct ScreenPaletteTests {
    @Test func theDefaultsAreTheReadersLook() {
        let palette = ScreenPalette.standard
        #expect(palette.look(of: .listFocus) == .reverse)
        #expect(palette.look(of: .listFocusUnread) == [.reverse, .bold])
        #expect(palette.look(of: .listNormal).isPlain && palette.look(of: .background).isPlain)
        #expect(palette.look(for: .part(.heading, of: .article)) == [.cyan, .bold])
        #expect(ScreenElement.allCases.filter(\.isPart).allSatisfy { !palette.look(of: $0).isPlain })
    }

    @Test func aRowGivenAloneGivesItsUnreadFormInBold() {
        let given = TextLook(foreground: 0, background: 3)
        let palette = ScreenPalette([.listFocus: given, .listNormal: TextLook(foreground: 250)])
        #expect(palette.look(of: .listFocus) == given)
        #expect(palette.look(of: .listFocusUnread) == TextLook(attributes: .bold, foreground: 0, background: 3))
        #expect(palette.look(of: .listNormalUnread) == TextLook(attributes: .bold, foreground: 250))
        let both = ScreenPalette([.listFocus: given, .listFocusUnread: .underline])
        #expect(both.look(of: .listFocusUnread) == .underline)
    }
}
