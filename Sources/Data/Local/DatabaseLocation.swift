import Foundation
import Storage

/// Where the local data lives: the database file, and next to it the `photos/` and `documents/` folders.
public struct DatabaseLocation: Sendable, Hashable {
    /// The environment variable naming the database file when the caller gives no file of its own.
    public static let environmentVariable = "CRASH_ASSISTANT_DATABASE"
    public static let defaultFileName = "reports.sqlite"
    public static let applicationFolder = "crash-assistant"

    /// The database file (absolute).
    public let databaseFile: String

    public init(databaseFile: String) {
        self.databaseFile = databaseFile
    }

    /// The folder holding the database file.
    public var dataDirectory: String { (databaseFile as NSString).deletingLastPathComponent }

    /// Photo bytes, one file per SHA-256.
    public var photosDirectory: String { (dataDirectory as NSString).appendingPathComponent("photos") }

    /// Archived documents (the PDFs of completed reports).
    public var documentsDirectory: String { (dataDirectory as NSString).appendingPathComponent("documents") }

    /// Resolves the database file, first match wins:
    /// 1. `option` (a file the caller was given, e.g. on its command line),
    /// 2. `CRASH_ASSISTANT_DATABASE` in `environment`,
    /// 3. `$XDG_DATA_HOME/crash-assistant/reports.sqlite` when `XDG_DATA_HOME` is set and absolute,
    /// 4. `$HOME/.local/share/crash-assistant/reports.sqlite`.
    ///
    /// A relative file is taken relative to `currentDirectory`. Empty values count as not given.
    /// - Throws: `StorageError.noDataLocation` when none of them says where (no `HOME`).
    public static func resolve(
        option: String?,
        environment: [String: String],
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(StorageError) -> DatabaseLocation {
        func given(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
        if let file = given(option) ?? given(environment[environmentVariable]) {
            return DatabaseLocation(databaseFile: absolute(file, from: currentDirectory))
        }
        if let xdg = given(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return DatabaseLocation(databaseFile: standardized("\(xdg)/\(applicationFolder)/\(defaultFileName)"))
        }
        if let home = given(environment["HOME"]), home.hasPrefix("/") {
            return DatabaseLocation(
                databaseFile: standardized("\(home)/.local/share/\(applicationFolder)/\(defaultFileName)")
            )
        }
        throw .noDataLocation
    }

    private static func absolute(_ file: String, from currentDirectory: String) -> String {
        standardized(file.hasPrefix("/") ? file : "\(currentDirectory)/\(file)")
    }

    private static func standardized(_ path: String) -> String {
        (path as NSString).standardizingPath
    }
}
