// swift-tools-version: 6.1

import PackageDescription

/// Release code reaches the metadata of concrete generic types (a `Set<Place>`, a `[PaddlerID: Paddler]`)
/// through direct accessors rather than by mangled name, whose first use makes the Swift runtime scan
/// every protocol conformance in the binary to check the type's requirements (bench/RESULTS.md).
let directTypeMetadata: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
    name: "lineup",
    products: [
        .executable(name: "lineup", targets: ["lineup"]),
        .executable(name: "lineup-server", targets: ["lineup-server"]),
        .library(name: "LineupCore", targets: ["LineupCore"]),
        .library(name: "LineupStore", targets: ["LineupStore"]),
        .library(name: "LineupPresentation", targets: ["LineupPresentation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // The web server of `lineup serve` (its default traits would add swift-configuration, unused here).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        // HTTP parts as the server's connections carry them (the connection guard, the answer to a malformed request).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // The domain and the exchange engine: no SQL, no I/O, no printing.
        .target(name: "LineupCore", swiftSettings: directTypeMetadata),
        // SQLite calls Swift cannot make directly (variadic C functions), for the store.
        .target(name: "CSQLiteSupport", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Standard output that remembers why a write failed, for the command line's final check.
        .target(name: "CStandardOutput"),
        // Storage on SQLite; the schema comes from migrations/*.sql, compiled in by the plugin.
        .target(
            name: "LineupStore",
            dependencies: ["LineupCore", "CSQLiteSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: directTypeMetadata,
            plugins: ["EmbedResourcesPlugin"]
        ),
        // What every front end shows: balance words, the seat chart, tables and the JSON documents.
        .target(
            name: "LineupPresentation", dependencies: ["LineupCore"], swiftSettings: directTypeMetadata),
        // The interactive editor's state and drawing, without a terminal (lineup edit runs it).
        .target(name: "LineupEditor", dependencies: ["LineupCore", "LineupPresentation"]),
        // The command-line front end. A release build on Linux is one fully static executable (the C
        // library and SQLite linked in): no dynamic loader binding symbols at every start, which took a
        // third of a short command's time (bench/RESULTS.md).
        .executableTarget(
            name: "lineup",
            dependencies: [
                "LineupCore", "LineupStore", "LineupPresentation", "LineupEditor", "CStandardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // bcrypt alone (a C file and its wrapper, no server code), for `lineup user add`.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            // Compiled against the static runtime's modules too, so that what they link (Foundation's ICU and
            // CoreFoundation) is named in the objects: a plain `swift build -c release` then links as well as
            // one with `--static-swift-stdlib`.
            swiftSettings: directTypeMetadata + [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
            ],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]
        ),
        // The web app and JSON API of `lineup serve` over the store; the page's files (web/) are compiled in.
        .target(
            name: "LineupServer",
            dependencies: [
                "LineupCore", "LineupStore", "LineupPresentation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The HTTP parts the connection guard sees (Hummingbird's own pipeline uses them).
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedResourcesPlugin"]
        ),
        // The server's executable, which `lineup serve` runs, so the command line itself never links a server.
        .executableTarget(
            name: "lineup-server",
            dependencies: [
                "LineupCore", "LineupServer", "LineupStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Turns migrations/*.sql and sample-data/*.csv into Swift string constants at build time,
        // so the installed binary needs no file beside it.
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedResources"]
        ),
        // The optimizer's time and quality on random rosters (bench/RESULTS.md).
        .executableTarget(
            name: "OptimizerBench", dependencies: ["LineupCore", "LineupReferences"], path: "bench/OptimizerBench"),
        // The regatta planner's time and quality on full-size random regattas (bench/RESULTS.md).
        .executableTarget(
            name: "RegattaBench", dependencies: ["LineupCore", "LineupReferences"], path: "bench/RegattaBench"),
        // Key-to-frame time of lineup edit (bench/RESULTS.md).
        .executableTarget(
            name: "EditorBench", dependencies: ["LineupCore", "LineupEditor"], path: "bench/EditorBench"),
        // The properties the libFuzzer targets check (fuzz/run.sh); the tests replay the corpus with them.
        .target(name: "LineupFuzzChecks", dependencies: ["LineupCore"], path: "fuzz/Checks"),
        // Exact references written apart from the product's searches (branch and bound on the balance, the
        // Hungarian algorithm for the seat fit, every plan of a small regatta and bounds for large ones), for
        // the tests and the benches.
        .target(name: "LineupReferences", dependencies: ["LineupCore"], path: "Tests/LineupReferences"),
        .testTarget(
            name: "LineupCoreTests",
            dependencies: [
                "LineupCore", "LineupFuzzChecks", "LineupReferences",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LineupStoreTests",
            dependencies: [
                "LineupCore", "LineupStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LineupPresentationTests", dependencies: ["LineupPresentation", "LineupCore"]),
        .testTarget(
            name: "LineupEditorTests",
            dependencies: ["LineupEditor", "LineupPresentation", "LineupCore"]),
        .testTarget(
            name: "LineupServerTests",
            dependencies: [
                "LineupServer", "LineupStore", "LineupPresentation", "LineupCore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "LineupCLITests",
            dependencies: ["lineup", "LineupCore", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
