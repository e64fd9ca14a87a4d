import Benchmark
import Data
import Domain
import Foundation

/// The repository beside the floor: the same statements written straight against the sqlite3 C API.
/// Goals: save and load within 1.5× of the floor; the first page of 10,000 reports under 5 ms;
/// adding a 4 MiB photo within 1.5× of `cp` + `sha256sum` of the same file.
/// Each benchmark prepares what it needs, then starts the measurement, so only the compared work is timed.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(3))
    let fixture = StorageFixture.shared
    // Microsecond work runs 1,000 times per sample (figures are per call), so every call meets warm caches
    // as it does in a loop, and the harness's own time between samples does not count.
    let thousand = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .kilo, maxDuration: .seconds(3))

    // MARK: - Save

    Benchmark("Save a draft with 10 photos: repository", configuration: thousand) { benchmark in
        // Each run goes on from the revision the last one stored, as an editing use case would.
        var report = try fixture.stored(fixture.draft, in: fixture.repository)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            report = try fixture.repository.save(report)
        }
    }

    Benchmark("Save a draft with 10 photos: repository recording it in the outbox", configuration: thousand) { benchmark in
        var report = try fixture.stored(fixture.recordedDraft, in: fixture.recordingRepository)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // The unsent record of the draft is replaced each time, so the outbox does not grow.
            report = try fixture.recordingRepository.save(report)
        }
    }

    Benchmark("Save a draft with 10 photos: sqlite3 C API (floor)", configuration: thousand) { benchmark in
        let row = SQLiteFloor.Row(fixture.floorDraft)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            fixture.floor.floor.save(row)
        }
    }

    // MARK: - Load

    Benchmark("Load a report with 10 photos: repository", configuration: thousand) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.repository.report(withID: fixture.draft.id))
        }
    }

    Benchmark("Load a report with 10 photos: sqlite3 C API (floor)", configuration: thousand) { benchmark in
        let id = fixture.floorDraft.id.rawValue
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fixture.floor.floor.load(id: id))
        }
    }

    Benchmark("Load a report with 10 photos: cached repository (from memory)", configuration: thousand) { benchmark in
        let cached = CachedReportRepository(local: fixture.repository)
        _ = try await cached.report(withID: fixture.draft.id)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await cached.report(withID: fixture.draft.id))
        }
    }

    Benchmark("Call an actor that does nothing (the hop every cached read pays)", configuration: thousand) { benchmark in
        let actor = IdleActor()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(await actor.value())
        }
    }

    // MARK: - List

    Benchmark("List the first page (20) of 10,000 reports: repository", configuration: thousand) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.repository.summaries(limit: 20, offset: 0))
        }
    }

    Benchmark("List the first page (20) of 10,000 reports: sqlite3 C API (floor)", configuration: thousand) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(fixture.floor.floor.list(limit: 20))
        }
    }

    Benchmark("List all 10,000 reports: repository") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try fixture.repository.summaries(limit: nil, offset: 0))
        }
    }

    Benchmark("List all 10,000 reports: sqlite3 C API (floor)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(fixture.floor.floor.list(limit: -1))
        }
    }

    // MARK: - Photos

    let fourMiB = Data((0..<(4 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) })
    let photoConfiguration = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 40)

    Benchmark("Add a 4 MiB photo: file photo store (hash, write, fsync, rename)", configuration: photoConfiguration) { benchmark in
        let folder = fixture.directory.appendingPathComponent("photos-\(UUID().uuidString)").path
        let store = try FilePhotoStore(directory: folder)
        var bytes = fourMiB
        var counter: UInt64 = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            counter += 1
            withUnsafeBytes(of: counter) { bytes.replaceSubrange(0..<8, with: $0) }
            blackHole(try store.put(bytes))
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(atPath: folder)
    }

    Benchmark("Add a 4 MiB photo: cp + sha256sum (floor)", configuration: photoConfiguration) { benchmark in
        let folder = fixture.directory.appendingPathComponent("copies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("source.jpg").path
        try fourMiB.write(to: URL(fileURLWithPath: source))
        var counter = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            counter += 1
            let destination = folder.appendingPathComponent("copy-\(counter)").path
            try runTool("/usr/bin/cp", [source, destination])
            try runTool("/usr/bin/sha256sum", [destination])
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Runs a tool to completion, its output discarded.
func runTool(_ path: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}
