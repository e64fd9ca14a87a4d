import ArgumentParser
import Data
import Foundation

extension Environment.StoreKind: ExpressibleByArgument {}

/// `--store` and `--database`, shared by every command, with their environment variables.
struct StorageOptions: ParsableArguments {
    static let storeVariable = "CRASH_ASSISTANT_STORE"
    static let databaseVariable = DatabaseLocation.environmentVariable

    @Option(help: ArgumentHelp(
        "Where reports are kept: memory or sqlite (default: \(Environment.StoreKind.defaultKind.rawValue); env \(storeVariable)).",
        valueName: "store"
    ))
    var store: Environment.StoreKind?

    @Option(help: ArgumentHelp(
        "The SQLite database file; photos and documents are kept beside it (default: $XDG_DATA_HOME/crash-assistant/reports.sqlite, else ~/.local/share/crash-assistant/reports.sqlite; env \(databaseVariable)).",
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
        return try Environment.make(store: kind, databaseOption: database, environment: variables)
    }
}
