// swift-tools-version: 6.1
import PackageDescription

// Fuzz targets live in their own package so libFuzzer and the sanitizers never touch the main build or
// `make test`. Run them with `make fuzz` from the repository root (see README.md, "Fuzzing").
//
// Each target is one executable: its `main.swift` exports `LLVMFuzzerTestOneInput` and calls
// `LLVMFuzzerRunDriver` itself (SwiftPM's `--defsym main=…` for executables clashes with
// `-parse-as-library`, so libFuzzer's own `main` cannot be used).
let package = Package(
    name: "CrashAssistantFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "CrashAssistant", path: ".."),
    ],
    targets: [
        // `LLVMFuzzerRunDriver`, declared for Swift; libFuzzer itself comes with `-sanitize=fuzzer`.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        // What every target shares: the bytes as `Data` or text, and property checks that count as findings.
        .target(name: "FuzzKit", dependencies: ["CLibFuzzer"]),
        fuzzTarget("FuzzImageInspector", library: "Domain"),
        fuzzTarget("FuzzPhotoMetadata", library: "Domain"),
        fuzzTarget("FuzzCrashID", library: "Domain"),
        fuzzTarget("FuzzDeepLink", library: "Domain"),
        fuzzTarget("FuzzCrashScene", library: "Presentation"),
        fuzzTarget("FuzzLineText", library: "Presentation"),
        fuzzTarget("FuzzWireReport", library: "WireAPI"),
        fuzzTarget("FuzzStatementFields", library: "Wording"),
        fuzzTarget("FuzzStatementFront", library: "WireAPI"),
    ],
    swiftLanguageModes: [.v6]
)

/// One fuzz target over one library of the app (each brings Domain with it).
func fuzzTarget(_ name: String, library: String) -> Target {
    var dependencies: [Target.Dependency] = ["CLibFuzzer", "FuzzKit", .product(name: "Domain", package: "CrashAssistant")]
    if library != "Domain" {
        dependencies.append(.product(name: library, package: "CrashAssistant"))
    }
    return .executableTarget(name: name, dependencies: dependencies)
}
