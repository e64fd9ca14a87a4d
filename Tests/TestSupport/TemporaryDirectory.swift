import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(_ label: String = "crash-assistant-tests") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.lowercased())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// A path inside the folder.
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// A file URL inside the folder.
    public func fileURL(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `data` to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> URL {
        let target = fileURL(name)
        try data.write(to: target)
        return target
    }

    /// Removes the folder now (a `defer` keeps it, and everything in it, until the test is done with it).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
