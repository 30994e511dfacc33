import Foundation
import Testing
@testable import FeedClient

/// The opt-outs, their order, the config scan and where units are looked for, on real files in
/// a temporary home (no system-wide unit directories).
struct AutostartPolicyTests {
    /// A fresh home with `XDG_CONFIG_HOME` and `XDG_DATA_HOME` inside it.
    final class Home {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-autostart-\(UUID().uuidString.prefix(8))").path
        var environment: [String: String] {
            ["HOME": path, "XDG_CONFIG_HOME": path + "/config", "XDG_DATA_HOME": path + "/data", "XDG_RUNTIME_DIR": path + "/run"]
        }

        func write(_ text: String, to relative: String) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func policy(flag: Bool = false, extra: [String: String] = [:]) -> AutostartPolicy {
            AutostartPolicy(noAutostartFlag: flag, environment: environment.merging(extra) { $1 }, systemUnitDirectories: [])
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func startsWhenNothingSaysOtherwise() {
        #expect(Home().policy().decide() == .start)
    }

    @Test func optOutsComeFirstInTheirOrder() throws {
        let home = Home()
        try home.write("autostart: false\n", to: "config/tidings/config.yaml")
        try home.write("[Unit]\n", to: "config/systemd/user/tidingsd.service")
        try home.write("", to: "run/systemd/private")
        #expect(home.policy(flag: true, extra: ["TIDINGS_NO_AUTOSTART": "1"]).decide() == .optedOut(.flag))
        #expect(home.policy(extra: ["TIDINGS_NO_AUTOSTART": "1"]).decide() == .optedOut(.environment))
        #expect(home.policy().decide() == .optedOut(.config(path: home.path + "/config/tidings/config.yaml")))
        // An opt-out wins over an installed unit: the user asked for no start (the message still
        // names systemctl: DaemonAutostart).
        try home.write("autostart: true\n", to: "config/tidings/config.yaml")
        #expect(home.policy().decide() == .systemdUnit(path: home.path + "/config/systemd/user/tidingsd.service"))
    }

    @Test func aUnitCountsOnlyWhereAUserManagerRuns() throws {
        let home = Home()
        try home.write("[Unit]\n", to: "config/systemd/user/tidingsd.service")
        // Installed by `make install` on a machine without a user session: we start the daemon.
        #expect(home.policy().decide() == .start)
        #expect(home.policy(extra: ["XDG_RUNTIME_DIR": ""]).decide() == .start)
        try home.write("", to: "run/systemd/private")
        #expect(home.policy().decide() == .systemdUnit(path: home.path + "/config/systemd/user/tidingsd.service"))
    }

    @Test func theEnvironmentVariableOptsOutUnlessEmptyOrFalse() {
        for value in ["1", "yes", "true", "anything"] {
            #expect(AutostartPolicy.environmentDisablesAutostart(value), "\(value)")
        }
        for value in [nil, "", "0", "false", "no", "OFF"] {
            #expect(!AutostartPolicy.environmentDisablesAutostart(value), "\(value ?? "unset")")
        }
    }

    @Test func theConfigScanReadsOnlyATopLevelAutostartKey() {
        let disabling = [
            "autostart: false", "autostart: no\n", "autostart: off # not here", "autostart : 'false'",
            "refresh_interval: 30m\nautostart: \"No\"\r\nconcurrency: 4\n", "autostart: true\nautostart: false\n",
        ]
        for text in disabling {
            #expect(ConfigFileSettings.disablesAutostart(text), "\(text)")
        }
        let enabling = [
            "", "autostart: true", "autostart: yes", "# autostart: false", "  autostart: false", "feeds:\n  autostart: false",
            "autostarting: false", "autostart_x: false", "autostart: false\nautostart: on\n", "autostart: falsey",
        ]
        for text in enabling {
            #expect(!ConfigFileSettings.disablesAutostart(text), "\(text)")
        }
    }

    @Test func unitsAreLookedForInTheUsersConfigAndDataDirectoriesThenSystemWide() throws {
        let home = Home()
        let policy = AutostartPolicy(noAutostartFlag: false, environment: home.environment, systemUnitDirectories: ["/etc/systemd/user"])
        #expect(policy.unitPaths == [
            home.path + "/config/systemd/user/tidingsd.service", home.path + "/data/systemd/user/tidingsd.service",
            "/etc/systemd/user/tidingsd.service",
        ])
        try home.write("[Unit]\n", to: "data/systemd/user/tidingsd.service")
        try home.write("", to: "run/systemd/private")
        #expect(home.policy().decide() == .systemdUnit(path: home.path + "/data/systemd/user/tidingsd.service"))
    }

    @Test func withoutXDGVariablesTheHomeDefaultsApply() {
        let policy = AutostartPolicy(noAutostartFlag: false, environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "relative"], systemUnitDirectories: [])
        #expect(policy.configPath == "/home/ann/.config/tidings/config.yaml")
        #expect(policy.unitPaths == [
            "/home/ann/.config/systemd/user/tidingsd.service", "/home/ann/.local/share/systemd/user/tidingsd.service",
        ])
    }
}
