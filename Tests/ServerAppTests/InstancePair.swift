import Foundation
import PostgresNIO
import ServerBlobs
import ServerPostgres
import Synchronization
import TestSupport
import ServerTestSupport

/// Two real server instances on loopback that share nothing but one PostgreSQL database (of the test run's
/// ``PostgresProcess``) and one bucket (of the test run's ``MotoServer``): each has a data folder of its own, as two
/// machines would. ``request(_:_:token:headers:body:)`` sends each request to the other instance than the last.
///
/// When PostgreSQL or moto cannot be started, ``start()`` throws saying what is missing, so the tests fail.
final class InstancePair: Sendable {
    let postgres: PostgresProcess
    let location: PostgresLocation
    let bucket: S3Client
    let instances: [ServerProcess]
    /// The `--database-url` both instances are given.
    let databaseURL: String
    private let turn = Mutex(0)

    /// Starts both instances over a new database and a new bucket, each also given `extraArguments`.
    static func start(extraArguments: [String] = []) async throws -> InstancePair {
        let postgres = try PostgresProcess.shared()
        let moto = try MotoServer.start()
        let location = try await postgres.createDatabase()
        let bucket = try await moto.makeBucket()
        let databaseURL = ServerPostgresLiveTests.url(location)
        let arguments = ["--database-url", databaseURL, "--blob-url", moto.blobURL(of: bucket)] + extraArguments
        let keys = moto.credentialEnvironment
        let one = try ServerProcess(arguments: arguments, environment: keys)
        let two: ServerProcess
        do {
            two = try ServerProcess(arguments: arguments, environment: keys)
        } catch {
            try? one.kill()
            throw error
        }
        return InstancePair(postgres: postgres, location: location, bucket: bucket, instances: [one, two], databaseURL: databaseURL)
    }

    private init(postgres: PostgresProcess, location: PostgresLocation, bucket: S3Client, instances: [ServerProcess], databaseURL: String) {
        self.postgres = postgres
        self.location = location
        self.bucket = bucket
        self.instances = instances
        self.databaseURL = databaseURL
    }

    /// Adds an account (`user add` / `detector add` on the shared database) and returns its token.
    func add(_ name: String, kind: String = "user") throws -> String {
        try ServerPostgresLiveTests.add(name, kind: kind, database: databaseURL, folder: instances[0].dataFolder)
    }

    /// The instance the next request goes to: the other one than the last time.
    func next() -> ServerProcess {
        instances[turn.withLock { turn in
            defer { turn += 1 }
            return turn % instances.count
        }]
    }

    /// Sends one whole request to the next instance and reads its answer.
    func request(
        _ method: String, _ path: String, token: String? = nil, headers: [(String, String)] = [], body: Data? = nil
    ) throws -> LoopbackConnection.Answer {
        try LoopbackConnection.request(port: next().port, method, path, token: token, headers: headers, body: body)
    }

    /// Rows a query gives on the shared database.
    func count(_ query: PostgresQuery) async throws -> Int {
        try await postgres.execute(query, in: location)
    }

    /// Waits (up to 30 s) until no job (PDF rendering, SMS) is queued in the shared database.
    func waitForJobs() async throws {
        for _ in 0..<600 {
            if try await count("SELECT 1 FROM jobs WHERE state = 'queued'") == 0 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServerProcess.Failure(description: "jobs were still queued after 30 s")
    }

    /// Every file under the instances' own `outbox-sms` folders: the SMS messages sent by either.
    func messages() throws -> [URL] {
        try instances.flatMap { try ServerLiveTests.files(under: $0.dataFolder.appendingPathComponent("outbox-sms")) }
    }

    /// Stops both (an instance already killed is left as it is).
    func stop() {
        for instance in instances { _ = try? instance.stop() }
    }
}
