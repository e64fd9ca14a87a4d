import Data
import Domain
import Foundation

/// The same twenty photos as ``PhotoFixture``, kept as files in a ``FilePhotoStore`` (as the server keeps them), so
/// only what the renderer holds counts toward the process's memory.
actor FilePhotoFixture {
    static let shared = FilePhotoFixture()

    let photoFolder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-benchmark-photos-v1")
    let storeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-benchmark-photo-store-v1")
    /// Where the streamed PDF is written (replaced on every run).
    nonisolated let output = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-benchmark-report.pdf").path
    private(set) var store: FilePhotoStore?
    private(set) var report: CrashReport?

    func prepare() async throws {
        guard report == nil else { return }
        let store = try FilePhotoStore(directory: storeFolder.path)
        self.store = store
        let made = try await PhotoFixture.photoReport(in: photoFolder, store: store)
        report = made.report
        print("\n\(PhotoFixture.count) JPEG photos of \(made.photoBytes) bytes in all, read from \(storeFolder.path)\n")
    }
}
