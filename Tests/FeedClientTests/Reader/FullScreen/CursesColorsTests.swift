@testable import FeedClient
import Testing

/// A colour the terminal lacks is drawn as the nearest it has, by xterm's RGB values.
@MainActor
struct CursesColorsTests {
    @Test func xtermsPaletteIsTheSixteenTheCubeAndTheGreys() {
        #expect(CursesColors.rgb(1) == (205, 0, 0))
        #expect(CursesColors.rgb(16) == (0, 0, 0))
        #expect(CursesColors.rgb(196) == (255, 0, 0))
        #expect(CursesColors.rgb(231) == (255, 255, 255))
        #expect(CursesColors.rgb(232) == (8, 8, 8))
        #expect(CursesColors.rgb(255) == (238, 238, 238))
    }

    @Test func aColourTheTerminalLacksIsTheNearestItHas() {
        // On 256 colours every colour is itself.
        #expect((0..<256).allSatisfy { CursesColors.nearest($0, among: 256) == $0 })
        // On 8: bright red and the cube's red are red, a light grey is white, a dark grey black.
        #expect(CursesColors.nearest(9, among: 8) == 1)
        #expect(CursesColors.nearest(196, among: 8) == 1)
        #expect(CursesColors.nearest(250, among: 8) == 7)
        #expect(CursesColors.nearest(233, among: 8) == 0)
        #expect(CursesColors.nearest(21, among: 8) == 4)
        // On 16 the bright ones are there.
        #expect(CursesColors.nearest(196, among: 16) == 9)
        #expect((0..<256).allSatisfy { CursesColors.nearest($0, among: 8) < 8 })
    }
}
