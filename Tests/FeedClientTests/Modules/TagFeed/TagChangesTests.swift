import Testing
@testable import FeedClient

struct TagChangesTests {
    @Test func plusAndBareWordsAddMinusRemoves() throws {
        let changes = try TagChanges(arguments: ["+linux", "news", "-old", "-tech", "+tag with space"])
        #expect(changes == TagChanges(add: ["linux", "news", "tag with space"], remove: ["old", "tech"]))
        #expect(!changes.isEmpty)
    }

    @Test func noArgumentsChangeNothing() throws {
        #expect(try TagChanges(arguments: []).isEmpty)
    }

    @Test func aSignAloneIsAnError() {
        #expect(throws: TagChangesError.emptyTag("+")) { try TagChanges(arguments: ["+"]) }
        #expect(throws: TagChangesError.emptyTag("- ")) { try TagChanges(arguments: ["linux", "- "]) }
    }

    @Test func aTagBothAddedAndRemovedIsAnError() {
        #expect(throws: TagChangesError.addedAndRemoved("News")) { try TagChanges(arguments: ["+News", "-news"]) }
    }
}

struct TagCommandLineTests {
    let options: Set<String> = ["--socket", "--color"]

    @Test func globalOptionsAmongTheChangesAreTakenOutWithTheirValues() throws {
        let line = try TagCommandLine(["-news", "--socket", "/s", "+linux", "--color=never", "-h"], optionsTakingValues: options)
        #expect(line.changes == TagChanges(add: ["linux"], remove: ["news", "h"]))
        #expect(line.options == ["--socket", "/s", "--color=never"])
        #expect(!line.asksForHelp)
    }

    @Test func helpIsNoticed() throws {
        #expect(try TagCommandLine(["+a", "--help"], optionsTakingValues: options).asksForHelp)
    }

    @Test func afterADoubleDashEveryWordIsAChange() throws {
        let line = try TagCommandLine(["--", "--socket", "-x"], optionsTakingValues: options)
        #expect(line.changes == TagChanges(remove: ["-socket", "x"]))
        #expect(line.options.isEmpty)
    }

    @Test func jsonIsAFlagWhenTheCommandSaysSo() throws {
        let line = try TagCommandLine(["-news", "--json", "+linux", "--color", "never"], optionsTakingValues: options, flags: ["--json"])
        #expect(line.changes == TagChanges(add: ["linux"], remove: ["news"]))
        #expect(line.flags == ["--json"])
        #expect(line.options == ["--color", "never"])
        #expect(try TagCommandLine(["+a"], optionsTakingValues: options, flags: ["--json"]).flags.isEmpty)
        #expect(try TagCommandLine(["--", "--json"], optionsTakingValues: options, flags: ["--json"]).changes == TagChanges(remove: ["-json"]))
        #expect(throws: TagChangesError.flagWithValue("--json")) {
            try TagCommandLine(["--json=yes"], optionsTakingValues: options, flags: ["--json"])
        }
        #expect(TagChangesError.flagWithValue("--json").description == "'--json' takes no value.")
    }

    @Test func unknownOptionsAndMissingValuesAreErrors() {
        #expect(throws: TagChangesError.unknownOption("--json")) { try TagCommandLine(["--json"], optionsTakingValues: options) }
        #expect(throws: TagChangesError.missingValue("--socket")) { try TagCommandLine(["+a", "--socket"], optionsTakingValues: options) }
        #expect(TagChangesError.unknownOption("--x").description == "Unknown option '--x'; to remove the tag '-x', write it after '--'.")
    }
}
