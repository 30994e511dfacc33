import FeedEntities
import Testing

struct QuantityTests {
    @Test(arguments: [
        ("90", 90), ("90s", 90), ("30m", 1800), ("2h", 7200), ("1d", 86400), ("2w", 1_209_600), (" 30 m ", 1800), ("0", 0),
    ])
    func readsDurationsAsTheConfigDoes(text: String, seconds: Int) {
        #expect(Quantity.duration(text) == seconds)
    }

    @Test(arguments: ["", "soon", "-5m", "1.5h", "30M", "1y", "m", "99999999999999999w"])
    func refusesWhatIsNoDuration(text: String) {
        #expect(Quantity.duration(text) == nil)
    }

    @Test func aBareNumberCountsTheBareUnit() {
        #expect(Quantity.duration("90", bareUnit: 86400) == 90 * 86400)
        #expect(Quantity.duration("12w", bareUnit: 86400) == 84 * 86400)
    }

    @Test(arguments: [
        ("2048", 2048), ("512KiB", 524_288), ("10MiB", 10_485_760), ("1GiB", 1_073_741_824), ("1KB", 1024), ("2MB", 2_097_152),
        ("1GB", 1_073_741_824), ("4K", 4096), ("3M", 3_145_728), ("1G", 1_073_741_824), ("100B", 100), ("10 MiB", 10_485_760),
    ])
    func readsSizesAsTheConfigDoes(text: String, bytes: Int) {
        #expect(Quantity.size(text) == bytes)
    }

    @Test(arguments: ["", "big", "-1", "1.5M", "10k", "10mb", "99999999999999999G", "MiB"])
    func refusesWhatIsNoSize(text: String) {
        #expect(Quantity.size(text) == nil)
    }

    @Test func writesEachInItsLargestWholeUnit() {
        #expect(Quantity.durationText(seconds: 90) == "90s")
        #expect(Quantity.durationText(seconds: 1800) == "30m")
        #expect(Quantity.durationText(seconds: 7200) == "2h")
        #expect(Quantity.durationText(seconds: 86400 * 3) == "3d")
        #expect(Quantity.durationText(seconds: 86400 * 14) == "2w")
        #expect(Quantity.durationText(seconds: 0) == "0s")
        #expect(Quantity.sizeText(bytes: 524_288) == "512KiB")
        #expect(Quantity.sizeText(bytes: 10_485_760) == "10MiB")
        #expect(Quantity.sizeText(bytes: 1_073_741_824) == "1GiB")
        #expect(Quantity.sizeText(bytes: 1500) == "1500")
    }

    @Test(arguments: [60, 90, 1800, 7200, 86400, 1_209_600, 5_000_000])
    func readsBackWhatItWrites(seconds: Int) {
        #expect(Quantity.duration(Quantity.durationText(seconds: seconds)) == seconds)
    }
}
