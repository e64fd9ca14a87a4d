import AppData
import Composition
import Data
import Domain
import Foundation

/// The app's composition root: chooses the store from the options and hands its adapters to ``Wiring``,
/// the one composition function the tests and the benchmarks use too.
struct Environment: Sendable {
    /// Where reports are kept. The store is chosen here and nowhere else.
    enum StoreKind: String, CaseIterable, Sendable {
        case memory
        case sqlite
        case server

        /// The store used when neither `--store` nor `CRASH_ASSISTANT_STORE` names one.
        static let defaultKind: StoreKind = .sqlite
    }

    /// Why the environment could not be built, with the sysexits status to end with.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
        let exitCode: Int32
    }

    /// The adapters, the use cases and the screens' view models, wired.
    let wiring: Wiring
    /// Where drafts are kept, as a person reads it (e.g. "in memory only, …", "in /path/to/database").
    let storeDescription: String
    /// Called once when the app ends: stops sync and leaves the store self-contained on disk.
    let finish: @Sendable () async -> Void
    /// Sends changes to the server and brings back others'; `nil` without a server.
    let sync: SyncEngine?

    var repository: any ReportRepository { wiring.adapters.repository }
    var useCases: UseCases { wiring.useCases }

    // MARK: - Building

    /// The store: in memory, or the SQLite database (behind the cache) with photo and document folders beside it.
    /// - Parameters:
    ///   - databaseOption: `--database FILE`, if given.
    ///   - environment: the process environment (for `CRASH_ASSISTANT_DATABASE`, `XDG_DATA_HOME`, `HOME`).
    ///   - server: the server, for `--store server`.
    static func make(
        store: StoreKind, databaseOption: String?, server: ServerAddress? = nil, environment: [String: String]
    ) throws(Failure) -> Environment {
        switch store {
        case .memory:
            return Environment(
                wiring: Wiring(.inMemory()),
                storeDescription: "in memory only, which ends with the app (--store sqlite keeps drafts across runs)",
                finish: {},
                sync: nil
            )
        case .server:
            guard let server else {
                throw Failure(description: "--store server needs --server URL and --token TOKEN.", exitCode: ExitStatus.config)
            }
            do {
                let storage = try LocalStorage.open(databaseOption: databaseOption, environment: environment, recordsChanges: true)
                let client = Adapters.serverClient(storage, address: server)
                let (adapters, sync) = try Adapters.server(storage, client: client)
                return Environment(
                    wiring: Wiring(adapters),
                    storeDescription: "in \(storage.location.databaseFile) (sent to \(server) when it can be reached)",
                    finish: { [database = storage.repository.database] in
                        await sync.stop()
                        await client.shutdown()
                        database.checkpoint()
                    },
                    sync: sync
                )
            } catch {
                throw Failure(description: AppErrorText.sentence(for: error), exitCode: ExitStatus.of(error))
            }
        case .sqlite:
            do {
                let storage = try LocalStorage.open(databaseOption: databaseOption, environment: environment)
                return Environment(
                    wiring: Wiring(try .local(storage)),
                    storeDescription: "in \(storage.location.databaseFile)",
                    finish: { [database = storage.repository.database] in database.checkpoint() },
                    sync: nil
                )
            } catch {
                throw Failure(description: AppErrorText.sentence(for: error), exitCode: ExitStatus.of(error))
            }
        }
    }
}
