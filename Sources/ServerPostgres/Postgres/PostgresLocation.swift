import Foundation
import PostgresNIO

/// Where the server's PostgreSQL database is and how to log in: read from a URL such as
/// `postgres://user:password@127.0.0.1:5432/crash_assistant?sslmode=disable` (`--database-url`).
///
/// `sslmode` is `disable`, `prefer` (TLS when the server offers it) or `require`; when the URL does not say, it is
/// `prefer` for this machine (loopback) and `require` for any other, so a password never crosses a network in clear by
/// default. The password is kept out of ``description``, so the location can be logged and shown.
package struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// Why a URL names no database the server can use, as facts (the command chooses the words).
    package enum Problem: Error, Sendable, Equatable {
        /// Not a URL, or another scheme than `postgres` / `postgresql`.
        case notAPostgresURL
        /// The URL has no host.
        case noHost
        /// The URL has no user name.
        case noUser
        /// The port is not one from 1 to 65535.
        case badPort
        /// `sslmode` is not `disable`, `prefer` or `require`.
        case badSSLMode(String)
        /// A query parameter the server does not know.
        case unknownParameter(String)
    }

    /// How the connection is secured.
    package enum SSLMode: String, Sendable, CaseIterable {
        case disable
        case prefer
        case require
    }

    package let host: String
    package let port: Int
    package let username: String
    package let password: String?
    package let database: String
    package let sslMode: SSLMode

    package init(host: String, port: Int = 5432, username: String, password: String?, database: String, sslMode: SSLMode = .prefer) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    /// Reads a `postgres://` (or `postgresql://`) URL; the database defaults to the user's name, as in PostgreSQL.
    /// - Throws: ``Problem`` saying what the URL lacks.
    package init(url text: String) throws(Problem) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw .notAPostgresURL
        }
        guard let host = components.host, !host.isEmpty else { throw .noHost }
        guard let user = components.user, !user.isEmpty else { throw .noUser }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw .badPort }
        let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let loopback = bareHost == "localhost" || bareHost == "::1" || bareHost.hasPrefix("127.")
        var sslMode = loopback ? SSLMode.prefer : SSLMode.require
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw .unknownParameter(item.name) }
            guard let mode = SSLMode(rawValue: item.value ?? "") else { throw .badSSLMode(item.value ?? "") }
            sslMode = mode
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.init(
            host: bareHost,
            port: port,
            username: user,
            password: components.password,
            database: path.isEmpty ? user : path,
            sslMode: sslMode
        )
    }

    /// The URL without its password.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(username)@\(shownHost):\(port)/\(database)"
    }

    // MARK: - postgres-nio

    /// For a pool of at most `maximumConnections` connections.
    package func clientConfiguration(maximumConnections: Int) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(.makeClientConfiguration())
        case .require: .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls
        )
        configuration.options.maximumConnections = maximumConnections
        return configuration
    }

    /// For the one connection that checks and migrates the schema at start.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch sslMode {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls
        )
    }
}
