import Foundation

/// The release build of `crash-assistant` that `make release` makes in the repository root (`make bench` builds it first).
enum ReleaseBinary {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The variable naming another binary to launch instead.
    static let overrideVariable = "CRASH_ASSISTANT_BENCHMARK_BINARY"

    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let buildCommand = "make release"

    /// The binary's path.
    /// - Throws: when it is missing, or older than a file under `Sources/` (so an old build is never measured).
    static func path() throws -> String {
        if let given = ProcessInfo.processInfo.environment[overrideVariable], !given.isEmpty { return given }
        let binary = repository.appendingPathComponent(".build/static/release/crash-assistant").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Missing(description: "\(binary) is missing: run `\(buildCommand)` in \(repository.path) (make bench does)")
        }
        let built = modified(binary) ?? .distantPast
        let sources = repository.appendingPathComponent("Sources").path
        let enumerator = FileManager.default.enumerator(atPath: sources)
        while let relative = enumerator?.nextObject() as? String {
            if let changed = modified((sources as NSString).appendingPathComponent(relative)), changed > built {
                throw Missing(description: "\(binary) is older than Sources/\(relative): run `\(buildCommand)` in \(repository.path) (make bench does)")
            }
        }
        return binary
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
