import Benchmark
import Data
import Domain
import Foundation
import Storage

/// A small valid JPEG from the test fixtures, grown to the size a benchmark needs.
enum Photos {
    static let fixture: Data = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/photo-64x48.jpg")
        guard let bytes = FileManager.default.contents(atPath: url.path) else {
            fatalError("benchmark fixture missing: \(url.path)")
        }
        return bytes
    }()

    /// A valid JPEG of about `size` bytes whose bulk sits in comment segments before the image,
    /// so it ends with its end-of-image marker as camera photos do.
    static func jpeg(size: Int, variant: Int = 0) -> Data {
        var bytes = Data(fixture.prefix(2))
        var remaining = size - fixture.count
        var counter = UInt8(truncatingIfNeeded: variant)
        while remaining > 4 {
            let payload = min(remaining - 4, 65_533)
            bytes.append(contentsOf: [0xFF, 0xFE, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
            bytes.append(Data(repeating: counter, count: payload))
            counter &+= 1
            remaining -= payload + 4
        }
        bytes.append(fixture.dropFirst(2))
        return bytes
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2))

    let twentyMB = Photos.jpeg(size: ReportLimits.maximumPhotoBytes)
    Benchmark("Inspect a 20 MB JPEG (ends with its end marker)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ImageInspector.inspect(twentyMB, fileName: "big.jpg"))
        }
    }

    let trailer = Photos.fixture + Data(count: ReportLimits.maximumPhotoBytes - Photos.fixture.count)
    Benchmark("Inspect a 20 MB JPEG (20 MB appended after the image, worst case)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try ImageInspector.inspect(trailer, fileName: "motion.jpg"))
        }
    }

    let fourMB = Photos.jpeg(size: 4 * 1024 * 1024)
    Benchmark("SHA-256 of a 4 MB photo") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ContentHash.sha256(of: fourMB))
        }
    }

    Benchmark("AddImage: a 4 MB photo into a new draft (in memory)") { benchmark in
        for _ in benchmark.scaledIterations {
            let repository = InMemoryReportRepository()
            let store = InMemoryPhotoStore()
            let clock = SystemClock()
            let report = try await StartReport(repository: repository, issuer: RandomCrashIDIssuer(), clock: clock).execute()
            blackHole(try await AddImage(repository: repository, photoStore: store, clock: clock)
                .execute(reportID: report.id, section: .crashScene, bytes: fourMB, fileName: "scene.jpg"))
        }
    }

    Benchmark("ListReports: first page of 20 out of 10,000 (in memory)",
              configuration: .init(setup: { await ListingFixture.shared.fill() })) { benchmark in
        let list = ListReports(repository: ListingFixture.shared.repository)
        for _ in benchmark.scaledIterations {
            blackHole(try await list.execute(limit: 20, offset: 0))
        }
    }
}

/// 10,000 stored reports, made once.
actor ListingFixture {
    static let shared = ListingFixture()
    let repository = InMemoryReportRepository()
    private var filled = false

    func fill() async {
        guard !filled else { return }
        filled = true
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        var generator = SystemRandomNumberGenerator()
        for index in 0..<10_000 {
            var report = CrashReport(crashID: .local(using: &generator), createdAt: start.addingTimeInterval(Double(index)))
            try? report.toggleInjury(.myself)
            _ = try? await repository.save(report)
        }
    }
}
