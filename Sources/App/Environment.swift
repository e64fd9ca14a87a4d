import Composition
import Data
import Domain
import Foundation
import Wording

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

    /// Where drafts are kept: in memory, in a database file, or in one sent to a server.
    enum DraftPlace: Sendable {
        case memory
        case file(String)
        case server(file: String, server: String)
    }

    /// The adapters, the use cases and the screens' view models, wired.
    let wiring: Wiring
    /// Where drafts are kept.
    let draftPlace: DraftPlace
    /// Called once when the app ends: stops sync and leaves the store self-contained on disk.
    let finish: @Sendable () async -> Void
    /// Sends changes to the server and brings back others'; `nil` without a server.
    let sync: SyncEngine?

    /// Where drafts are kept, as a person reads it in the screens' language (e.g. "in memory only, …",
    /// "in /path/to/database"): a place to set in a sentence. ``draftSaved(_:because:)`` says the whole sentence.
    var storeDescription: String {
        let words = wiring.words
        return switch draftPlace {
        case .memory: words("in memory only, which ends with the app (--store sqlite keeps drafts across runs)")
        case let .file(file): words("in {file}", context: "where drafts are kept", ["file": file])
        case let .server(file, server): words("in {file} (sent to {server} when it can be reached)", ["file": file, "server": server])
        }
    }

    /// That the open report was kept as a draft when the app ended, and where, as one sentence in the screens'
    /// language: `Input ended: draft CR-7KQ2M9XD was saved in /path/to/reports.sqlite.` (`reason` says why it ended).
    func draftSaved(_ crashID: CrashID, because reason: String) -> String {
        let words = wiring.words
        let values = ["reason": reason, "crashID": crashID.description]
        return switch draftPlace {
        case .memory:
            words(
                "{reason}: draft {crashID} was saved in memory only, which ends with the app (--store sqlite keeps drafts across runs).",
                values
            )
        case let .file(file):
            words("{reason}: draft {crashID} was saved in {file}.", values.merging(["file": file]) { $1 })
        case let .server(file, server):
            words(
                "{reason}: draft {crashID} was saved in {file} (sent to {server} when it can be reached).",
                values.merging(["file": file, "server": server]) { $1 }
            )
        }
    }

    var repository: any ReportRepository { wiring.adapters.repository }
    var useCases: UseCases { wiring.useCases }

    // MARK: - Building

    /// The store: in memory, or the SQLite database (behind the cache) with photo and document folders beside it.
    /// - Parameters:
    ///   - databaseOption: `--database FILE`, if given.
    ///   - environment: the process environment (for `CRASH_ASSISTANT_DATABASE`, `XDG_DATA_HOME`, `HOME`).
    ///   - server: the server, for `--store server`.
    static func make(
        store: StoreKind, databaseOption: String?, server: ServerAddress? = nil, environment: [String: String], words: Words = .english
    ) throws(Failure) -> Environment {
        switch store {
        case .memory:
            return Environment(
                wiring: Wiring(.inMemory(words: words), words: words),
                draftPlace: .memory,
                finish: {},
                sync: nil
            )
        case .server:
            guard let server else {
                throw Failure(description: words("--store server needs --server URL and --token TOKEN."), exitCode: ExitStatus.config)
            }
            do {
                let storage = try LocalStorage.open(databaseOption: databaseOption, environment: environment, recordsChanges: true)
                let client = Adapters.serverClient(storage, address: server)
                let (adapters, sync) = try Adapters.server(storage, client: client, words: words)
                return Environment(
                    wiring: Wiring(adapters, words: words),
                    draftPlace: .server(file: storage.location.databaseFile, server: "\(server)"),
                    finish: { [database = storage.repository.database] in
                        await sync.stop()
                        await client.shutdown()
                        database.checkpoint()
                    },
                    sync: sync
                )
            } catch {
                throw Failure(description: AppErrorText.sentence(for: error, words: words), exitCode: ExitStatus.of(error))
            }
        case .sqlite:
            do {
                let storage = try LocalStorage.open(databaseOption: databaseOption, environment: environment)
                return Environment(
                    wiring: Wiring(try .local(storage, words: words), words: words),
                    draftPlace: .file(storage.location.databaseFile),
                    finish: { [database = storage.repository.database] in database.checkpoint() },
                    sync: nil
                )
            } catch {
                throw Failure(description: AppErrorText.sentence(for: error, words: words), exitCode: ExitStatus.of(error))
            }
        }
    }
}
