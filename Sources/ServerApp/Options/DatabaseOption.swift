import ArgumentParser
import Foundation
import ServerPostgres

/// `--database-url URL` (or `CRASH_ASSISTANT_DATABASE_URL`): PostgreSQL in place of the data folder's SQLite
/// database, so several instances can share what the server keeps. Shared by `serve` and the account commands.
package struct DatabaseOption: ParsableArguments {
    package init() {}

    /// The environment variable read when the option is not given.
    package static let environmentVariable = "CRASH_ASSISTANT_DATABASE_URL"

    @Option(name: .customLong("database-url"), help: ArgumentHelp(
        "PostgreSQL to keep accounts, crash IDs and reports in instead of the data folder's SQLite database, "
            + "e.g. postgres://user:password@127.0.0.1:5432/crash_assistant (env \(environmentVariable)).",
        valueName: "URL"
    ))
    package var url: String?

    /// The database named by the option, else by the environment; `nil` for the embedded SQLite database.
    /// - Throws: `ExitCode` 78 (`EX_CONFIG`) after saying on standard error what is wrong with the URL.
    package func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PostgresLocation? {
        let given = url ?? environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return nil }
        do {
            return try PostgresLocation(url: given)
        } catch {
            let source = url == nil ? Self.environmentVariable : "--database-url"
            throw Self.exit(Self.sentence(for: error, source: source), status: Self.configurationStatus)
        }
    }

    /// Says why the database cannot be used, on standard error, and gives the status to end with: 69
    /// (`EX_UNAVAILABLE`) when it cannot be reached, 78 (`EX_CONFIG`) when PostgreSQL refused the login or the
    /// database, or its layout is newer than this program.
    package static func exit(for error: PostgresOpenError, location: PostgresLocation?) -> ExitCode {
        let location = location.map { "\($0)" } ?? "given"
        return switch error {
        case let .unreachable(cause):
            exit("Cannot reach the database \(location): \(cause). Check that PostgreSQL runs there and takes connections.",
                 status: unavailableStatus)
        case let .refused(reason):
            exit("The database \(location) refused the server: \(reason). Check the user, password and database name.",
                 status: configurationStatus)
        case let .newerLayout(found, known):
            exit("The database \(location) has layout version \(found), newer than this server knows (\(known)). "
                 + "Run a newer crash-assistant-server.", status: configurationStatus)
        case let .migrationFailed(version, reason):
            exit("Cannot bring the database \(location) up to layout version \(version): \(reason).",
                 status: unavailableStatus)
        }
    }

    // MARK: - Words

    package static let configurationStatus: Int32 = 78
    package static let unavailableStatus: Int32 = 69

    private static func sentence(for problem: PostgresLocation.Problem, source: String) -> String {
        let example = "postgres://user:password@127.0.0.1:5432/crash_assistant"
        return switch problem {
        case .notAPostgresURL: "\(source) must be a postgres:// URL such as \(example)."
        case .noHost: "\(source) names no host. Give one, as in \(example)."
        case .noUser: "\(source) names no user. Give one, as in \(example)."
        case .badPort: "\(source) has a port outside 1–65535."
        case let .badSSLMode(mode):
            "\(source) has sslmode=\(mode); it must be disable, prefer or require."
        case let .unknownParameter(name):
            "\(source) has the parameter “\(name)”, which the server does not know (only sslmode)."
        }
    }

    /// Writes the sentence as the command's error and gives the status to end with.
    private static func exit(_ sentence: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(sentence)\n".utf8))
        return ExitCode(status)
    }
}
