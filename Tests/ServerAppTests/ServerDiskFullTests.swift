import Domain
import Foundation
import ServerCore
import Testing
import TestSupport
import WireAPI
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// A small file system of the test's own (a tmpfs, mounted as root does), as the server's data folder.
final class SmallDisk {
    let url: URL

    init(megabytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let mount = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", url.path])
        guard mount == 0 else {
            throw ServerProcess.Failure(description: "mounting a \(megabytes) MiB tmpfs at \(url.path) failed (\(mount)); the test runs as root")
        }
    }

    /// Writes a file of zeros until the disk is full; returns its path.
    /// The file is opened close-on-exec: a process another test starts meanwhile must not inherit it, or removing it
    /// would free no space until that process ends.
    func fill() -> URL {
        let filler = url.appendingPathComponent("filler")
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return filler }
        defer { close(descriptor) }
        // Whole chunks first, then the last bytes a whole chunk no longer fits.
        for size in [1_024 * 1_024, 4_096] {
            let chunk = [UInt8](repeating: 0, count: size)
            while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, size) }) > 0 {}
        }
        return filler
    }

    func remove() {
        _ = try? Self.run("/bin/umount", ["-l", url.path])
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

@Suite("A full disk", .serialized, .ownThreads)
struct ServerDiskFullTests {
    @Test("A full disk: a photo upload is refused 507 storage-full and /health answers 503 naming the disk; what was stored is intact, and once space is freed writes go on")
    func aFullDisk() throws {
        let disk = try SmallDisk(megabytes: 64)
        defer { disk.remove() }
        let server = try ServerProcess(dataFolder: disk.url)
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let json = [("Content-Type", "application/json")]
        let report = CrashReport.stub(note: "kept through a full disk")
        let saved = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(report.id)", token: ann, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(saved.status == 201)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)

        let filler = disk.fill()
        let health = try LoopbackConnection.request(port: server.port, "GET", "/health")
        #expect(health.status == 503)
        #expect(health.text.contains("\"name\":\"disk\"") && health.text.contains("MiB free, less than"), "\(health.text)")
        let photo = try LargePhotos.jpeg(bytes: 300_000, seed: 3)
        let upload = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/photos/\(Wire.sha256(photo))", token: ann,
            headers: [("Content-Type", "image/jpeg")], body: photo
        )
        #expect(upload.status == 507)
        #expect(upload.text.contains("/problems/storage-full"))
        let read = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports/\(report.id)", token: ann)
        #expect(read.status == 200)
        #expect(try CrashReport(wire: WireCoding.decoder().decode(Components.Schemas.Report.self, from: read.body)).otherDriverNote == "kept through a full disk")

        try FileManager.default.removeItem(at: filler)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)
        let again = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/photos/\(Wire.sha256(photo))", token: ann,
            headers: [("Content-Type", "image/jpeg")], body: photo
        )
        #expect(again.status == 201)
        #expect(server.output.contains("request failed"))
    }
}
