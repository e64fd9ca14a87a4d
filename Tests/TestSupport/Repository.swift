import Foundation

/// The project's folder, for the scripts and tools the tests start (this file is `Tests/TestSupport/Repository.swift`).
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
