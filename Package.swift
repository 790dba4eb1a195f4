// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "lineup",
    products: [
        .executable(name: "lineup", targets: ["lineup"]),
        .library(name: "LineupCore", targets: ["LineupCore"]),
        .library(name: "LineupStore", targets: ["LineupStore"]),
        .library(name: "LineupPresentation", targets: ["LineupPresentation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The domain and the exchange engine: no SQL, no I/O, no printing.
        .target(name: "LineupCore"),
        // SQLite calls Swift cannot make directly (variadic C functions), for the store.
        .target(name: "CSQLiteSupport", linkerSettings: [.linkedLibrary("sqlite3")]),
        // Standard output that remembers why a write failed, for the command line's final check.
        .target(name: "CStandardOutput"),
        // Storage on SQLite; the schema comes from migrations/*.sql, compiled in by the plugin.
        .target(
            name: "LineupStore",
            dependencies: ["LineupCore", "CSQLiteSupport", .product(name: "GRDB", package: "GRDB.swift")],
            plugins: ["EmbedResourcesPlugin"]
        ),
        // What every front end shows: balance words, the seat chart, tables and the JSON documents.
        .target(name: "LineupPresentation", dependencies: ["LineupCore", "LineupStore"]),
        // The interactive editor's state and drawing, without a terminal (lineup edit runs it).
        .target(name: "LineupEditor", dependencies: ["LineupCore", "LineupPresentation"]),
        // The command-line front end.
        .executableTarget(
            name: "lineup",
            dependencies: [
                "LineupCore", "LineupStore", "LineupPresentation", "LineupEditor", "CStandardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
        .executableTarget(name: "OptimizerBench", dependencies: ["LineupCore"], path: "bench/OptimizerBench"),
        // The regatta planner's time and quality on full-size random regattas (bench/RESULTS.md).
        .executableTarget(name: "RegattaBench", dependencies: ["LineupCore"], path: "bench/RegattaBench"),
        // Key-to-frame time of lineup edit (bench/RESULTS.md).
        .executableTarget(
            name: "EditorBench", dependencies: ["LineupCore", "LineupEditor"], path: "bench/EditorBench"),
        // The properties the libFuzzer targets check (fuzz/run.sh); the tests replay the corpus with them.
        .target(name: "LineupFuzzChecks", dependencies: ["LineupCore"], path: "fuzz/Checks"),
        .testTarget(
            name: "LineupCoreTests",
            dependencies: [
                "LineupCore", "LineupFuzzChecks", .product(name: "PropertyBased", package: "swift-property-based"),
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
            name: "LineupPresentationTests", dependencies: ["LineupPresentation", "LineupStore", "LineupCore"]),
        .testTarget(
            name: "LineupEditorTests",
            dependencies: ["LineupEditor", "LineupPresentation", "LineupStore", "LineupCore"]),
        .testTarget(
            name: "LineupCLITests",
            dependencies: ["lineup", "LineupCore", .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
