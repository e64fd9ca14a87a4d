// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so they never slow the main build or `make test`.
// Run them with `make bench` from the repository root.
let package = Package(
    name: "CrashAssistantBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "CrashAssistant", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The line-mode app with 10,000 reports stored: its start (the release binary as a process) and every action
        // (the view models over the SQLite store, wired as the app wires them).
        .executableTarget(
            name: "AppBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Domain", package: "CrashAssistant"),
                .product(name: "Data", package: "CrashAssistant"),
                .product(name: "Presentation", package: "CrashAssistant"),
                .product(name: "Composition", package: "CrashAssistant"),
            ],
            path: "Benchmarks/AppBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DomainBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Domain", package: "CrashAssistant"),
                .product(name: "Storage", package: "CrashAssistant"),
                .product(name: "Data", package: "CrashAssistant"),
            ],
            path: "Benchmarks/DomainBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PDFBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Domain", package: "CrashAssistant"),
                .product(name: "ReportDocuments", package: "CrashAssistant"),
                .product(name: "Data", package: "CrashAssistant"),
            ],
            path: "Benchmarks/PDFBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The sqlite3 C API, for the floor the storage benchmarks compare the repository with.
        .systemLibrary(name: "CSQLiteFloor", path: "Benchmarks/CSQLiteFloor", pkgConfig: "sqlite3"),
        .executableTarget(
            name: "StorageBenchmarks",
            dependencies: [
                "CSQLiteFloor",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Domain", package: "CrashAssistant"),
                .product(name: "Data", package: "CrashAssistant"),
            ],
            path: "Benchmarks/StorageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
