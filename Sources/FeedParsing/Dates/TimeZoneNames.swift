/// Zone abbreviations and their offsets in seconds.
enum TimeZoneNames {
    static func offset(named name: String) -> Int? {
        if name.utf8.count == 1 { return military(name.utf8.first!) }
        let hours: Double? =
            switch name {
            case "ut", "utc", "gmt", "z", "wet", "zulu": 0
            case "est": -5
            case "edt": -4
            case "cst": -6
            case "cdt": -5
            case "mst": -7
            case "mdt": -6
            case "pst": -8
            case "pdt": -7
            case "ast": -4
            case "adt": -3
            case "nst": -3.5
            case "ndt": -2.5
            case "akst": -9
            case "akdt": -8
            case "hst": -10
            case "bst", "cet", "met", "west": 1
            case "cest", "mest", "eet", "sast": 2
            case "eest", "msk": 3
            case "ist": 5.5
            case "hkt", "sgt", "awst": 8
            case "jst", "kst": 9
            case "acst": 9.5
            case "aest": 10
            case "aedt": 11
            case "nzst": 12
            case "nzdt": 13
            case "brt", "art": -3
            default: nil
            }
        return hours.map { Int($0 * 3600) }
    }

    /// RFC 822 military zones: A–I = +1…+9, K–M = +10…+12, N–Y = −1…−12, Z = UTC (J is unused).
    private static func military(_ letter: UInt8) -> Int? {
        let a = UInt8(ascii: "a")
        switch letter {
        case UInt8(ascii: "a")...UInt8(ascii: "i"): return Int(letter - a + 1) * 3600
        case UInt8(ascii: "k")...UInt8(ascii: "m"): return Int(letter - a) * 3600
        case UInt8(ascii: "n")...UInt8(ascii: "y"): return -Int(letter - UInt8(ascii: "n") + 1) * 3600
        case UInt8(ascii: "z"): return 0
        default: return nil
        }
    }
}
