import Data
import Foundation

/// What launching the app needs: the release binary, a copy of the 10,000-report store, and an environment whose
/// HOME and XDG_DATA_HOME point into a temporary folder (so nothing of the machine's own data is read).
struct LaunchFixture: Sendable {
    let binary: String
    let databaseFile: String
    let environment: [String: String]

    var arguments: [String] { ["--database", databaseFile] }

    init() throws {
        binary = try ReleaseBinary.path()
        databaseFile = try ReportDatabaseTemplate.copy()
        let home = ((databaseFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CRASH_ASSISTANT_") }
        environment["HOME"] = home
        environment["XDG_DATA_HOME"] = (home as NSString).appendingPathComponent(".local/share")
        self.environment = environment
    }

    /// The command line hyperfine runs, for the cross-check printed beside the figures.
    var shellCommand: String {
        "sh -c \"echo q | \(binary) --database \(databaseFile)\""
    }
}
