import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func write(_ data: Data, to name: String) throws -> URL {
        let target = file(name)
        try data.write(to: target)
        return target
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
