import ArgumentParser
import FeedClient

struct UnstarCommand: ItemNumbersCommand {
    static let action = ItemStateAction.unstar

    static let configuration = CommandConfiguration(
        commandName: "unstar",
        abstract: "Remove the star from items.",
        discussion: ItemNumbersArgument.discussion)

    @Argument(help: ItemNumbersArgument.help)
    var numbers: [String]

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions
}
