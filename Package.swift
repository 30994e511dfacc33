// swift-tools-version: 6.1
import PackageDescription

/// Tidings: a feed-reader daemon (`tidingsd`) and its thin command-line client (`tidings`).
///
/// The layering is documented in docs/ARCHITECTURE.md. The one rule the graph enforces:
/// the client side (`FeedClient`, `tidings`) depends only on `FeedEntities`, `FeedIPC` and
/// swift-argument-parser, so the client never pays the start-up cost of NIO, GRDB, libcurl, libxml2 or zstd.
/// How both executables are linked. A Swift executable with the standard library linked in
/// carries about 100,000 relative relocations (2.5 MB that the dynamic loader reads at every
/// start, and which stay resident) and exports every public symbol of every module (1.1 MB of
/// dynamic symbol tables) that nothing looks up. lld packs the relocations (`DT_RELR`, glibc
/// 2.36) into 20 KB and the symbols stay internal: 3.4 MB less memory for the daemon and less
/// work at every start of the client. `.unsafeFlags` is allowed for the root package.
let executableLinking: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"])
]

let package = Package(
    name: "Tidings",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tidingsd", targets: ["tidingsd"]),
        .executable(name: "tidings", targets: ["tidings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // MARK: - C wrappers (only the target that wraps a C library imports it)
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // Debian's image decoders and libchafa's sixel encoder, for the article view's images.
        .systemLibrary(
            name: "CImage",
            pkgConfig: "chafa",
            providers: [.apt(["libpng-dev", "libjpeg-dev", "libwebp-dev", "libgif-dev", "libchafa-dev", "libglib2.0-dev"])]
        ),
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(name: "CSpawn"),
        .systemLibrary(name: "CCurses", providers: [.apt(["libncurses-dev"])]),
        // posix_spawn with an argv, nothing inherited: the client starting the daemon, hooks.
        .target(name: "ChildProcess", dependencies: ["CSpawn"]),

        // MARK: - Shared by client and daemon
        .target(name: "FeedEntities"),
        .target(name: "FeedIPC", dependencies: ["FeedEntities"]),

        // MARK: - Daemon side
        .target(name: "FeedParsing", dependencies: ["CLibXML2", "FeedEntities"]),
        .target(name: "FeedFetching", dependencies: [
            "CCurl", "FeedEntities",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "FeedStorage", dependencies: [
            "CZstd", "FeedEntities",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Article images: decoded within a budget, scaled to the cells they take, encoded for the
        // terminal's graphics protocol.
        .target(name: "FeedImages", dependencies: ["CImage", "FeedEntities"]),
        // One adapter per reading service's API behind `SyncService` (miniflux, Google Reader, tt-rss).
        .target(name: "FeedSync", dependencies: ["FeedEntities", "FeedFetching", "FeedParsing"]),
        .target(name: "FeedDaemon", dependencies: [
            "CMalloc", "ChildProcess", "FeedEntities", "FeedIPC", "FeedParsing", "FeedFetching", "FeedStorage", "FeedSync",
            "FeedImages",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Yams", package: "Yams"),
        ]),
        .executableTarget(name: "tidingsd", dependencies: [
            "CMalloc", "FeedDaemon", "FeedParsing", "FeedEntities", "FeedStorage",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], linkerSettings: executableLinking),

        // MARK: - Client side (thin: no NIO, GRDB, libcurl or libxml2)
        .target(name: "FeedClient", dependencies: ["CCurses", "ChildProcess", "FeedEntities", "FeedIPC"]),
        .executableTarget(name: "tidings", dependencies: [
            "FeedClient", "FeedIPC", "FeedEntities",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: executableLinking),

        // MARK: - Tests
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(name: "FeedEntitiesTests", dependencies: ["FeedEntities", "TestSupport"]),
        .testTarget(name: "FeedIPCTests", dependencies: ["FeedIPC"]),
        .testTarget(
            name: "FeedParsingTests", dependencies: ["FeedParsing"],
            exclude: ["KnownDifferences.md"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FeedFetchingTests", dependencies: [
            "FeedFetching", "TestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "FeedStorageTests", dependencies: ["FeedStorage"]),
        .testTarget(name: "FeedImagesTests", dependencies: ["FeedImages"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FeedSyncTests", dependencies: [
            "FeedSync", "FeedFetching", "TestSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "FeedDaemonTests", dependencies: [
            "FeedDaemon", "FeedSync", "FeedImages", "TestSupport",
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]),
        .testTarget(name: "FeedClientTests", dependencies: ["FeedClient", "FeedIPC"]),
        .testTarget(name: "tidingsTests", dependencies: ["tidings", "FeedClient"]),
        .testTarget(name: "IntegrationTests", dependencies: [
            "ChildProcess", "TestSupport", "FeedEntities", "FeedIPC", "FeedParsing", "FeedStorage", "FeedImages",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], resources: [.copy("Fixtures")]),
        // The fake sync services as a process, for the sync benchmark.
        .executableTarget(name: "FakeSyncServer", dependencies: ["TestSupport"], path: "Tests/FakeSyncServer"),
        // A real HTTP server on 127.0.0.1 for tests, and fake sync services on it (NIO, test-only).
        .target(name: "TestSupport", dependencies: [
            "FeedEntities",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], path: "Tests/TestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
