import Benchmark
import Data
import Domain
import Foundation
import ReportDocuments

/// Twenty camera-sized JPEGs of about 4 MB each, made once per machine by `Scripts/make_benchmark_photos.py`
/// into a temporary folder (never committed), and a completed report holding them.
actor PhotoFixture {
    static let shared = PhotoFixture()
    static let count = 20

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-benchmark-photos-v1")
    let store = InMemoryPhotoStore()
    private(set) var report: CrashReport?
    private(set) var paths: [String] = []
    private(set) var photoBytes = 0

    func prepare() async throws {
        guard report == nil else { return }
        let made = try await Self.photoReport(in: folder, store: store)
        report = made.report
        paths = made.paths
        photoBytes = made.photoBytes
        try await reportSizes()
    }

    /// Makes the photos in `folder` (once per machine), puts them into `store` one at a time and returns a completed
    /// report holding them, their files and their total size.
    static func photoReport(
        in folder: URL, store: any PhotoStore
    ) async throws -> (report: CrashReport, paths: [String], photoBytes: Int) {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/make_benchmark_photos.py")
        try Tool.run("python3", [script.path, folder.path, String(Self.count)])
        var report = CrashReport(crashID: try CrashID(validating: "CR-BENCH234"), createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        let sections: [PhotoSection] = [.otherVehicleDamage, .yourVehicleDamage, .crashScene, .otherVehiclePlate]
        var paths: [String] = []
        var photoBytes = 0
        for index in 0..<Self.count {
            let path = folder.appendingPathComponent(String(format: "photo-%02d.jpg", index)).path
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let info = try ImageInspector.inspect(bytes, fileName: path)
            try report.addPhoto(Photo(
                section: sections[index % sections.count], contentHash: await store.put(bytes), mediaType: info.mediaType,
                byteCount: bytes.count, pixelSize: info.pixelSize, originalFileName: "photo-\(index).jpg",
                addedAt: report.createdAt
            ))
            paths.append(path)
            photoBytes += bytes.count
        }
        try report.toggleInjury(.myself)
        try report.complete(at: report.createdAt.addingTimeInterval(3_600))
        return (report, paths, photoBytes)
    }

    /// Prints the sizes the goals are about: the PDF against the photos, and img2pdf's PDF.
    private func reportSizes() async throws {
        guard let report else { return }
        let pdfSize = try await PDFReportRenderer(photoStore: store).render(report).bytes.count
        let floor = folder.appendingPathComponent("img2pdf.pdf").path
        try Tool.run("img2pdf", paths + ["-o", floor])
        let floorSize = (try? FileManager.default.attributesOfItem(atPath: floor)[.size] as? Int) ?? -1
        let ratio = Double(pdfSize) / Double(photoBytes)
        print("""

        PDF sizes for \(Self.count) JPEGs of \(photoBytes) bytes in all:
          crash report PDF \(pdfSize) bytes (\(String(format: "%.4f", ratio)) × the photos; goal ≤ 1.02: \(ratio <= 1.02 ? "met" : "NOT met"))
          img2pdf          \(floorSize) bytes (\(String(format: "%.4f", Double(floorSize) / Double(photoBytes))) × the photos)

        """)
    }
}

enum Tool {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command found on PATH and waits for it; a failure names the command and how to get it.
    static func run(_ command: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(command) failed (exit \(process.terminationStatus)); run `make bench`, which installs img2pdf and Pillow")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        maxDuration: .seconds(10),
        maxIterations: 15
    )

    Benchmark("PDF: a report with 20 photos of 4 MB (cairo, in memory)",
              configuration: .init(setup: { try await PhotoFixture.shared.prepare() })) { benchmark in
        guard let report = await PhotoFixture.shared.report else { return }
        let renderer = PDFReportRenderer(photoStore: PhotoFixture.shared.store)
        for _ in benchmark.scaledIterations {
            blackHole(try await renderer.render(report))
        }
    }

    // Peak memory as the server renders: photos read from files (a FilePhotoStore, like the server's blob store),
    // the document kept in memory or streamed into its file.
    Benchmark("PDF memory: the baseline, the same process with the report ready and nothing rendered",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5,
                                   setup: { try await FilePhotoFixture.shared.prepare() })) { benchmark in
        guard let report = await FilePhotoFixture.shared.report else { return }
        for _ in benchmark.scaledIterations {
            blackHole(report.allPhotos.count)
        }
    }

    Benchmark("PDF memory: 20 photos of 4 MB read from files, the PDF in memory",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5,
                                   setup: { try await FilePhotoFixture.shared.prepare() })) { benchmark in
        guard let report = await FilePhotoFixture.shared.report, let store = await FilePhotoFixture.shared.store else { return }
        let renderer = PDFReportRenderer(photoStore: store)
        for _ in benchmark.scaledIterations {
            blackHole(try await renderer.render(report).bytes.count)
        }
    }

    Benchmark("PDF memory: 20 photos of 4 MB read from files, the PDF streamed to its file",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5,
                                   setup: { try await FilePhotoFixture.shared.prepare() })) { benchmark in
        guard let report = await FilePhotoFixture.shared.report, let store = await FilePhotoFixture.shared.store else { return }
        let renderer = PDFReportRenderer(photoStore: store)
        let output = FilePhotoFixture.shared.output
        for _ in benchmark.scaledIterations {
            try await renderer.render(report, toFileAt: output)
        }
    }

    Benchmark("img2pdf: the same 20 JPEGs (the floor, a process writing a file)",
              configuration: .init(setup: { try await PhotoFixture.shared.prepare() })) { benchmark in
        let paths = await PhotoFixture.shared.paths
        let output = PhotoFixture.shared.folder.appendingPathComponent("img2pdf.pdf").path
        for _ in benchmark.scaledIterations {
            try Tool.run("img2pdf", paths + ["-o", output])
        }
    }
}
