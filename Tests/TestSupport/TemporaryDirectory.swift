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

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
