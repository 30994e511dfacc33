@testable import FeedDaemon
import Testing

struct HookConfigurationParserTests {
    let loader = ConfigurationLoader()

    @Test func readsArgvListsAndMappingsWithTimeouts() throws {
        let configuration = try loader.parse("""
            on_new_items:
              - [/usr/local/bin/my-hook, --flag, "$(not expanded)"]
              - {command: [my-other-hook], timeout: 2m}
              - command: [/bin/true]
                timeout: 5
            notify: true
            """, file: "c.yaml")
        #expect(configuration.newItemsHooks == NewItemsHooks(
            commands: [
                HookCommand(arguments: ["/usr/local/bin/my-hook", "--flag", "$(not expanded)"], timeout: 30, name: "on_new_items[0]"),
                HookCommand(arguments: ["my-other-hook"], timeout: 120, name: "on_new_items[1]"),
                HookCommand(arguments: ["/bin/true"], timeout: 5, name: "on_new_items[2]"),
            ],
            notify: true))
    }

    @Test func defaultsToNoHooksAndNoNotification() throws {
        #expect(try loader.parse("on_new_items:\nnotify: false\n", file: "c.yaml").newItemsHooks.isEmpty)
        #expect(DaemonConfiguration().newItemsHooks == NewItemsHooks())
    }

    @Test(arguments: [
        ("on_new_items: /usr/bin/hook --flag", "'on_new_items': expected a list of hooks"),
        ("on_new_items:\n  - /usr/bin/hook", "'on_new_items[0]': expected a list of arguments"),
        ("on_new_items:\n  - [/bin/true]\n  - []", "'on_new_items[1]': the command is empty"),
        ("on_new_items:\n  - [bin/hook]", "'on_new_items[0]': the program must be an absolute path or a name found on PATH"),
        ("on_new_items:\n  - {command: [/bin/true], timeout: 0}", "'on_new_items[0]': timeout: expected a duration"),
        ("on_new_items:\n  - {command: [/bin/true], timeout: forever}", "'on_new_items[0]': timeout"),
        ("on_new_items:\n  - {timeout: 3s}", "'on_new_items[0]': missing 'command'"),
        ("on_new_items:\n  - {command: [/bin/true], shell: yes}", "'on_new_items[0]': unknown key 'shell'"),
        ("on_new_items:\n  - [/bin/true, [nested]]", "'on_new_items[0]': every argument must be a string"),
        ("notify: yes", "'notify': expected true or false"),
    ])
    func namesTheBrokenHook(yaml: String, message: String) {
        #expect {
            _ = try loader.parse(yaml, file: "c.yaml")
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aReloadReportsChangedHooks() {
        var new = DaemonConfiguration()
        new.newItemsHooks = NewItemsHooks(commands: [HookCommand(arguments: ["/bin/true", "x"], name: "on_new_items[0]")], notify: true)
        let changes = LiveConfiguration.changes(from: DaemonConfiguration(), to: new)
        #expect(changes.contains("on_new_items [] → [/bin/true x]"))
        #expect(changes.contains("notify false → true"))
    }
}
