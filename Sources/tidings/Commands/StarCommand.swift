import ArgumentParser
import FeedClient

struct StarCommand: ItemNumbersCommand {
    static let action = ItemStateAction.star

    static let configuration = CommandConfiguration(
        commandName: "star",
        abstract: "Star items, to keep them for later ('tidings list --starred').",
        discussion: ItemNumbersArgument.discussion)

    @Argument(help: ItemNumbersArgument.help)
    var numbers: [String]

    @Flag(help: "Print JSON (docs/json.md).")
    var json = false

    @OptionGroup var global: GlobalOptions
}
