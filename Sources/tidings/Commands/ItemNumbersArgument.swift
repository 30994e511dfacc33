import ArgumentParser
import FeedClient

/// The item-number arguments of `read`, `unread`, `star` and `unstar`.
enum ItemNumbersArgument {
    static let help = ArgumentHelp(
        "Item numbers as 'tidings list' shows them: 12, ranges such as 3-7, lists such as 3,5,8-10.",
        valueName: "number")

    static let discussion = """
        Numbers that name no item are reported ('tidings: no items 998, 999', exit status 1) \
        after the others were changed. --json prints {"updated": N, "missing": [...]}.
        """

    /// `arguments` as ascending, distinct numbers.
    /// - Throws: `ValidationError` (a usage error, exit status 2) saying what is wrong.
    static func parse(_ arguments: [String]) throws -> [Int64] {
        do {
            return try ItemNumbers.parse(arguments)
        } catch {
            throw ValidationError(String(describing: error).capitalizedFirst + ".")
        }
    }
}

extension String {
    /// The string with its first letter upper-cased, for usage errors built from messages.
    fileprivate var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}

/// `unread`, `star` and `unstar`: the same arguments and run, a different action.
protocol ItemNumbersCommand: AsyncParsableCommand {
    static var action: ItemStateAction { get }
    var numbers: [String] { get }
    var json: Bool { get }
    var global: GlobalOptions { get }
}

extension ItemNumbersCommand {
    func validate() throws {
        _ = try ItemNumbersArgument.parse(numbers)
    }

    func run() async throws {
        try await CompositionRoot.run(
            ItemStateRouter.assemble(
                action: Self.action, selection: .numbers(try ItemNumbersArgument.parse(numbers)), json: json,
                dependencies: CompositionRoot.dependencies(global)))
    }
}
