import ArgumentParser
import FeedClient

struct UnreadCommand: ItemNumbersCommand {
    static let action = ItemStateAction.unread

    static let configuration = CommandConfiguration(
        commandName: "unread",
        abstract: "Mark items unread.",
        discussion: ItemNumbersArgument.discussion)

    @Argument(help: ItemNumbersArgument.help)
    var numbers: [String]

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions
}
