import Foundation
import Testing

/// The rules of docs/ARCHITECTURE.md that the compiler does not keep, read off `Sources/`: no
/// wire type past the client's Interactors, no type name on both sides, no file past 300 lines,
/// no branch for a platform the project does not build for.
struct SourceLayoutTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The Swift files under `Sources/<target>` (every target when `nil`), by path from `Sources/`.
    static func swiftFiles(in target: String? = nil) throws -> [String: String] {
        let root = target.map { sources.appendingPathComponent($0) } ?? sources
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [:] }
        var files: [String: String] = [:]
        let prefix = sources.standardizedFileURL.path + "/"
        for case let url as URL in walker where url.pathExtension == "swift" {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// The names of the types a file declares at its top level (`public final class X`, `enum Y`).
    static func declaredTypes(_ text: String) -> Set<String> {
        var names: Set<String> = []
        let modifiers: Set<Substring> = ["public", "final", "private", "fileprivate", "internal", "package", "indirect"]
        for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
            var words = line.split(separator: " ")[...]
            while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
            guard words.count >= 2, ["struct", "enum", "class", "actor", "protocol"].contains(words.first!) else { continue }
            let name = words.dropFirst().first!.prefix { $0.isLetter || $0.isNumber }
            if !name.isEmpty { names.insert(String(name)) }
        }
        return names
    }

    @Test func noPresenterViewOrContractImportsTheWire() throws {
        let modules = try Self.swiftFiles(in: "FeedClient").filter { path, _ in
            let name = (path as NSString).lastPathComponent
            return name.contains("Presenter") || name.contains("View") || name.hasSuffix("Contract.swift")
        }
        #expect(modules.count > 80, "\(modules.count) Presenters, Views and Contracts found under \(Self.sources.path)")
        let importing = modules.filter { _, text in text.split(separator: "\n").contains("import FeedIPC") }.keys.sorted()
        #expect(importing.isEmpty, "FeedIPC stays behind the Interactors: \(importing)")
    }

    @Test func noTypeNameIsDeclaredOnBothSidesOrShadowsASharedOne() throws {
        let client = try Self.swiftFiles(in: "FeedClient").values.reduce(into: Set<String>()) { $0.formUnion(Self.declaredTypes($1)) }
        var daemon: Set<String> = []
        for target in ["FeedDaemon", "FeedStorage", "FeedParsing", "FeedFetching", "FeedSync", "tidingsd"] {
            for text in try Self.swiftFiles(in: target).values { daemon.formUnion(Self.declaredTypes(text)) }
        }
        #expect(client.count > 200 && daemon.count > 200, "\(client.count) client and \(daemon.count) daemon types")
        #expect(client.contains("ReaderPresenter") && daemon.contains("SQLiteFeedStore"), "the declarations are read")
        #expect(client.intersection(daemon).isEmpty, "declared on both sides: \(client.intersection(daemon).sorted())")
        // Nor one of the targets both sides import, which a side's own type would shadow.
        var shared: Set<String> = []
        for target in ["FeedEntities", "FeedIPC"] {
            for text in try Self.swiftFiles(in: target).values { shared.formUnion(Self.declaredTypes(text)) }
        }
        #expect(shared.contains("Item") && shared.contains("RPCError"), "the shared declarations are read")
        #expect(client.intersection(shared).isEmpty, "the client shadows: \(client.intersection(shared).sorted())")
        #expect(daemon.intersection(shared).isEmpty, "the daemon shadows: \(daemon.intersection(shared).sorted())")
    }

    @Test func noSourceFileIsLongerThan300Lines() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 500)
        let long = files.compactMap { path, text -> String? in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            return lines > 300 ? "\(path) (\(lines))" : nil
        }.sorted()
        #expect(long.isEmpty, "split past ~300 lines: \(long)")
    }

    @Test func noBranchForAPlatformTheProjectDoesNotBuildFor() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 500)
        let branching = files.filter { _, text in text.contains("canImport(Darwin)") || text.contains("os(macOS)") }.keys.sorted()
        #expect(branching.isEmpty, "\(branching)")
    }
}
