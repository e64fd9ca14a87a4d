import Foundation
import ServerApp
import ServerPostgres
import Testing

/// `--database-url`: what a PostgreSQL URL names, and what is refused.
@Suite("PostgreSQL location")
struct PostgresLocationTests {
    @Test("A full URL gives its user, password, host, port, database and sslmode; the password is never shown")
    func aFullURLIsRead() throws {
        let location = try PostgresLocation(url: "postgres://claims:s%3Acret%40x@db.example.com:6543/crash_assistant?sslmode=require")
        #expect(location == PostgresLocation(
            host: "db.example.com", port: 6543, username: "claims", password: "s:cret@x", database: "crash_assistant",
            sslMode: .require
        ))
        #expect(location.description == "postgres://claims@db.example.com:6543/crash_assistant")
        #expect(!location.description.contains("cret"))
    }

    @Test("The port defaults to 5432, the database to the user's name and sslmode to prefer; postgresql:// is the same")
    func defaultsAreFilledIn() throws {
        let location = try PostgresLocation(url: "postgresql://claims@127.0.0.1")
        #expect(location == PostgresLocation(host: "127.0.0.1", port: 5432, username: "claims", password: nil, database: "claims"))
        #expect(location.sslMode == .prefer)
    }

    @Test("Another machine's database needs TLS unless the URL says otherwise; this machine's prefers it")
    func anotherMachineRequiresTLSByDefault() throws {
        #expect(try PostgresLocation(url: "postgres://claims@db.example.com/x").sslMode == .require)
        #expect(try PostgresLocation(url: "postgres://claims@10.0.0.5/x").sslMode == .require)
        #expect(try PostgresLocation(url: "postgres://claims@db.example.com/x?sslmode=disable").sslMode == .disable)
        #expect(try PostgresLocation(url: "postgres://claims@localhost/x").sslMode == .prefer)
        #expect(try PostgresLocation(url: "postgres://claims@[::1]/x").sslMode == .prefer)
    }

    @Test("A URL naming no PostgreSQL, host or user, or an unknown setting, is refused saying which", arguments: [
        ("mysql://claims@db/x", PostgresLocation.Problem.notAPostgresURL),
        ("not a url at all", .notAPostgresURL),
        ("postgres:///crash_assistant", .noHost),
        ("postgres://db.example.com/crash_assistant", .noUser),
        ("postgres://claims@db/x?sslmode=verify-full", .badSSLMode("verify-full")),
        ("postgres://claims@db/x?connect_timeout=3", .unknownParameter("connect_timeout")),
    ])
    func badURLsAreRefused(_ url: String, _ problem: PostgresLocation.Problem) {
        #expect(throws: problem) { try PostgresLocation(url: url) }
    }

    @Test("The option wins over CRASH_ASSISTANT_DATABASE_URL; without either (or with it empty) the SQLite default stays")
    func theOptionWinsOverTheEnvironment() throws {
        let variable = DatabaseOption.environmentVariable
        let fromEnvironment = try DatabaseOption.parse([]).location(environment: [variable: "postgres://env@db-env/x"])
        #expect(fromEnvironment?.username == "env")
        let fromOption = try DatabaseOption.parse(["--database-url", "postgres://option@db-option/x"])
            .location(environment: [variable: "postgres://env@db-env/x"])
        #expect(fromOption?.username == "option")
        #expect(try DatabaseOption.parse([]).location(environment: [:]) == nil)
        #expect(try DatabaseOption.parse([]).location(environment: [variable: ""]) == nil)
    }
}
