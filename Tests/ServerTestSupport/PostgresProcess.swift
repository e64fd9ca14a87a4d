import Foundation
import Synchronization
import Logging
import PostgresNIO
import ServerPostgres
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One PostgreSQL server for the whole test run, started the first time a test asks for it: a cluster made with
/// `initdb` in a temporary folder, listening on 127.0.0.1 on a free port (its socket in that folder too), durability
/// switched off (the tests never outlive it). Each test takes a database of its own (``createDatabase()``).
///
/// It stops when the test process ends (an exit handler), and a watchdog stops it and removes its folder if the
/// test process is killed. When PostgreSQL cannot be started, every test that needs it fails with a sentence naming
/// what is missing: nothing passes without it.
package final class PostgresProcess: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The server for this test run, or why there is none.
    package static func shared() throws -> PostgresProcess {
        try started.get()
    }

    private static let started = Result { () throws(Failure) -> PostgresProcess in try PostgresProcess() }

    package let port: Int
    package let folder: String
    private let pid: Int32

    /// Makes a new database and returns where it is (user `postgres`, no password, no TLS).
    package func createDatabase() async throws -> PostgresLocation {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        // A name made here from hex digits, never from input: SQL cannot bind an identifier.
        try await execute("CREATE DATABASE \(unescaped: name)", in: location(database: "postgres"))
        return location(database: name)
    }

    package func location(database: String) -> PostgresLocation {
        PostgresLocation(host: "127.0.0.1", port: port, username: "postgres", password: nil, database: database, sslMode: .disable)
    }

    /// Runs one statement on a connection of its own, and returns how many rows it gave back.
    @discardableResult
    package func execute(_ query: PostgresQuery, in location: PostgresLocation) async throws -> Int {
        let logger = Logger(label: "test-postgres") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await PostgresConnection.connect(
            configuration: try location.connectionConfiguration(), id: 1, logger: logger
        )
        do {
            var count = 0
            for try await _ in try await connection.query(query, logger: logger) { count += 1 }
            try await connection.close()
            return count
        } catch {
            try? await connection.close()
            throw error
        }
    }

    // MARK: - Starting

    private init() throws(Failure) {
        let binaries = try Self.binaries()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-pg-\(UUID().uuidString.lowercased())").path
        let runAs = try Self.account()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(description: "PostgreSQL for the tests: cannot make \(folder): \(error)")
        }
        if let runAs, chown(folder, runAs.uid, runAs.gid) != 0 {
            throw Failure(description: "PostgreSQL for the tests: cannot give \(folder) to the user postgres (errno \(errno)).")
        }
        let initdb = Self.run(binaries + "/initdb", ["-D", folder + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], as: runAs, log: folder + "/initdb.log")
        guard initdb == 0 else {
            let log = (try? String(contentsOfFile: folder + "/initdb.log", encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure(description: "PostgreSQL for the tests: initdb failed (status \(initdb)): \(log.suffix(800))")
        }
        var lastLog = ""
        for _ in 0..<3 {
            let port = (try? LoopbackPort.free()) ?? 0
            let log = folder + "/postgres-\(port).log"
            let process = Self.spawn(binaries + "/postgres", [
                "-D", folder + "/data", "-p", "\(port)", "-k", folder, "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=400",
                "-c", "shared_buffers=32MB",
            ], as: runAs, log: log)
            guard let process else {
                throw Failure(description: "PostgreSQL for the tests: cannot start \(binaries)/postgres.")
            }
            if Self.waitUntilReady(process, log: log) {
                self.port = port
                self.folder = folder
                self.pid = process.processIdentifier
                Self.stopWhenDone(pid: pid, folder: folder)
                return
            }
            lastLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: folder)
        throw Failure(description: "PostgreSQL for the tests did not start: \(lastLog.suffix(800))")
    }

    /// The folder holding `initdb` and `postgres`: `$POSTGRES_BIN`, else the newest `/usr/lib/postgresql/N/bin`.
    private static func binaries() throws(Failure) -> String {
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["POSTGRES_BIN"] { candidates.append(given) }
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        candidates += versions.map { "/usr/lib/postgresql/\($0)/bin" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }) else {
            throw Failure(description: "PostgreSQL is not installed: no initdb in $POSTGRES_BIN or /usr/lib/postgresql/*/bin. "
                + "Run scripts/ensure-postgres.sh (it installs postgresql-15 with apt).")
        }
        return found
    }

    /// PostgreSQL refuses to run as root: as root, it runs as the user `postgres`.
    private static func account() throws(Failure) -> (uid: uid_t, gid: gid_t)? {
        guard getuid() == 0 else { return nil }
        guard let entry = getpwnam("postgres") else {
            throw Failure(description: "The tests run as root, and PostgreSQL refuses to; there is no user postgres to run it as "
                + "(scripts/ensure-postgres.sh installs postgresql-15, which adds it).")
        }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func command(_ executable: String, _ arguments: [String], as account: (uid: uid_t, gid: gid_t)?) -> (String, [String]) {
        guard let account else { return (executable, arguments) }
        return ("/usr/bin/setpriv", ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--", executable] + arguments)
    }

    private static func spawn(_ executable: String, _ arguments: [String], as account: (uid: uid_t, gid: gid_t)?, log: String) -> Process? {
        let (launched, all) = command(executable, arguments, as: account)
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        if let account { _ = chown(log, account.uid, account.gid) }
        guard let output = FileHandle(forWritingAtPath: log) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launched)
        process.arguments = all
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        OwnThreadsExecutor.expectCurrent("Running \(executable)")
        do {
            try process.run()
        } catch {
            return nil
        }
        return process
    }

    private static func run(_ executable: String, _ arguments: [String], as account: (uid: uid_t, gid: gid_t)?, log: String) -> Int32 {
        guard let process = spawn(executable, arguments, as: account, log: log) else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits (up to 60 s) until the server says it accepts connections; `false` when it ended or never said so.
    private static func waitUntilReady(_ process: Process, log: String) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("ready to accept connections") {
                return true
            }
            guard process.isRunning else { return false }
            usleep(50_000)
        }
        return false
    }

    // MARK: - Stopping

    /// Stops the server and removes its folder when the test process exits, or, through a watchdog, when it is killed.
    private static func stopWhenDone(pid: Int32, folder: String) {
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            kill -INT \(pid) 2>/dev/null; sleep 3; kill -KILL \(pid) 2>/dev/null; rm -rf '\(folder)'
            """]
        watchdog.standardInput = FileHandle.nullDevice
        watchdog.standardOutput = FileHandle.nullDevice
        watchdog.standardError = FileHandle.nullDevice
        try? watchdog.run()
        stopping.withLock { $0 = (pid, folder) }
        atexit {
            if let (pid, folder) = PostgresProcess.stopping.withLock({ $0 }) {
                // Fast shutdown: ends the sessions, stops at once.
                kill(pid, SIGINT)
                var status: Int32 = 0
                for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(30_000) }
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
    }

    /// The server the exit handler stops (a C function pointer captures nothing).
    private static let stopping = Mutex<(Int32, String)?>(nil)
}
