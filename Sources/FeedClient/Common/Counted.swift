/// "1 item", "3 items": a count with its noun, for messages.
enum Counted {
    static func phrase(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
