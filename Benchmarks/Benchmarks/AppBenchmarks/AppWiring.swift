import Composition
import Data

/// The app's graph for the SQLite store, built as `Sources/App/Environment.swift` builds it: the local store's
/// adapters (`Adapters.local`) through the one composition function (`Wiring`).
struct AppWiring: Sendable {
    /// Kept open while the benchmark runs.
    let storage: LocalStorage
    let wiring: Wiring

    /// Opens the data folder holding `reports.sqlite` as the app does with `--database FILE`.
    init(databaseFile: String) throws {
        storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: databaseFile))
        wiring = Wiring(try .local(storage))
    }
}
