import ArgumentParser
import Foundation

extension Environment.StoreKind: ExpressibleByArgument {}

/// `--store` and `--database`, shared by every command, with their environment variables.
struct StorageOptions: ParsableArguments {
    static let storeVariable = "CRASH_ASSISTANT_STORE"
    static let databaseVariable = "CRASH_ASSISTANT_DATABASE"

    @Option(help: ArgumentHelp(
        "Where reports are kept: memory or sqlite (default: \(Environment.StoreKind.defaultKind.rawValue); env \(storeVariable)).",
        valueName: "store"
    ))
    var store: Environment.StoreKind?

    @Option(help: ArgumentHelp(
        "The SQLite database file (default: $XDG_DATA_HOME/crash-assistant/crash-assistant.sqlite; env \(databaseVariable)).",
        valueName: "file"
    ))
    var database: String?

    /// The environment these options (or the environment variables, or the defaults) choose.
    func makeEnvironment() throws(Environment.Failure) -> Environment {
        let variables = ProcessInfo.processInfo.environment
        let kind: Environment.StoreKind
        if let store {
            kind = store
        } else if let named = variables[Self.storeVariable], !named.isEmpty {
            guard let parsed = Environment.StoreKind(rawValue: named.lowercased()) else {
                throw Environment.Failure(
                    description: "\(Self.storeVariable)=\(named) is not a store. Set it to memory or sqlite, or unset it.",
                    exitCode: ExitStatus.config
                )
            }
            kind = parsed
        } else {
            kind = Environment.StoreKind.defaultKind
        }
        let path = database ?? variables[Self.databaseVariable].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultDatabase(variables)
        return try Environment.make(store: kind, database: path)
    }

    /// `$XDG_DATA_HOME/crash-assistant/crash-assistant.sqlite`, else under `~/.local/share`.
    static func defaultDatabase(_ variables: [String: String]) -> String {
        let base = variables["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share")
        return base + "/crash-assistant/crash-assistant.sqlite"
    }
}
