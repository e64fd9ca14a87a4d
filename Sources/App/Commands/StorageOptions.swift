import ArgumentParser
import Data
import Foundation
import Wording

extension Environment.StoreKind: ExpressibleByArgument {}

/// `--store`, `--database`, `--server` and `--token`, shared by every command, with their environment variables.
struct StorageOptions: ParsableArguments {
    static let storeVariable = "CRASH_ASSISTANT_STORE"
    static let databaseVariable = DatabaseLocation.environmentVariable
    static let serverVariable = "CRASH_ASSISTANT_SERVER"
    static let tokenVariable = "CRASH_ASSISTANT_TOKEN"
    static let tokenFileVariable = "CRASH_ASSISTANT_TOKEN_FILE"

    @Option(help: ArgumentHelp(
        "Where reports are kept: memory, sqlite, or server (the SQLite store as the cache of a server) (default: server when a server is given, else \(Environment.StoreKind.defaultKind.rawValue); env \(storeVariable)).",
        valueName: "store"
    ))
    var store: Environment.StoreKind?

    @Option(help: ArgumentHelp(
        "The SQLite database file; photos and documents are kept beside it (default: $XDG_DATA_HOME/crash-assistant/reports.sqlite, else ~/.local/share/crash-assistant/reports.sqlite; env \(databaseVariable)).",
        valueName: "file"
    ))
    var database: String?

    @Option(help: ArgumentHelp(
        "The crash-report server, e.g. https://crash.example.com (env \(serverVariable)).",
        valueName: "url"
    ))
    var server: String?

    @Option(help: ArgumentHelp(
        "Your token for the server (env \(tokenVariable)); --token-file keeps it out of the list of processes.",
        valueName: "token"
    ))
    var token: String?

    @Option(name: .customLong("token-file"), help: ArgumentHelp(
        "A file holding your token for the server, readable by you only (env \(tokenFileVariable)).",
        valueName: "file"
    ))
    var tokenFile: String?

    @Flag(name: .customLong("allow-plain-http"), help: "Allow an http:// server on another machine (the token and photos travel unencrypted).")
    var allowPlainHTTP = false

    @Option(help: ArgumentHelp(
        "The language to speak: \(Languages.shipped.codes.joined(separator: ", ")) (default: the one LC_ALL, LC_MESSAGES or LANG names, else English).",
        valueName: "code"
    ))
    var language: String?

    /// The language `--language` names, else the one the environment's locale names (``Languages/best(environment:)``).
    func words(_ variables: [String: String]) throws(Environment.Failure) -> Words {
        guard let language else { return Languages.shipped.best(environment: variables) }
        let code = language.replacingOccurrences(of: "-", with: "_")
        let known = Languages.shipped.codes
        guard let match = known.first(where: { $0.lowercased() == code.lowercased() })
            ?? known.first(where: { $0.lowercased() == code.split(separator: "_").first?.lowercased() }) else {
            // Said in the language the environment's locale names, as the one asked for is not known.
            let words = Languages.shipped.best(environment: variables)
            throw Environment.Failure(
                description: words(
                    "--language {language} is not a language Crash Assistant speaks. Give one of: {languages}.",
                    ["language": language, "languages": known.joined(separator: ", ")]
                ),
                exitCode: ExitStatus.usage
            )
        }
        return Languages.shipped.words(match)
    }

    /// Builds the environment (or ends with its failure's message and status), runs `body` in it, and finishes it
    /// (stopping sync, closing the store) whether `body` succeeded or not.
    func withEnvironment<Value>(_ body: (Environment) async throws -> Value) async throws -> Value {
        let environment = try Console.exitOnFailure { () throws(Environment.Failure) in try makeEnvironment() }
        do {
            let value = try await body(environment)
            await environment.finish()
            return value
        } catch {
            await environment.finish()
            throw error
        }
    }

    /// The environment these options (or the environment variables, or the defaults) choose.
    func makeEnvironment() throws(Environment.Failure) -> Environment {
        let variables = ProcessInfo.processInfo.environment
        let words = try self.words(variables)
        let serverText = server ?? variables[Self.serverVariable].flatMap { $0.isEmpty ? nil : $0 }
        var tokenText = token ?? variables[Self.tokenVariable].flatMap { $0.isEmpty ? nil : $0 }
        if tokenText == nil { tokenText = try tokenFromFile(variables, words: words) }
        let kind: Environment.StoreKind
        if let store {
            kind = store
        } else if let named = variables[Self.storeVariable], !named.isEmpty {
            guard let parsed = Environment.StoreKind(rawValue: named.lowercased()) else {
                throw Environment.Failure(
                    description: words(
                        "{variable}={value} is not a store. Set it to memory, sqlite or server, or unset it.",
                        ["variable": Self.storeVariable, "value": named]
                    ),
                    exitCode: ExitStatus.config
                )
            }
            kind = parsed
        } else {
            kind = serverText == nil ? Environment.StoreKind.defaultKind : .server
        }
        var address: ServerAddress?
        if kind == .server {
            guard let serverText else {
                throw Environment.Failure(
                    description: words("--store server needs the server: give --server URL (or set {variable}).", ["variable": Self.serverVariable]),
                    exitCode: ExitStatus.config
                )
            }
            guard let tokenText, !tokenText.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Environment.Failure(
                    description: words(
                        "--store server needs your token: give --token TOKEN (or set {variable}); the server's operator gives it to you.",
                        ["variable": Self.tokenVariable]
                    ),
                    exitCode: ExitStatus.config
                )
            }
            do {
                address = try ServerAddress(serverText, token: tokenText.trimmingCharacters(in: .whitespaces), allowingPlainHTTP: allowPlainHTTP)
            } catch {
                throw Environment.Failure(
                    description: words(
                        "--server “{address}” is not a server address: {reason}. Give one such as {example}.",
                        ["address": error.text, "reason": error.reason, "example": "https://crash.example.com"]
                    ),
                    exitCode: ExitStatus.config
                )
            }
        }
        return try Environment.make(store: kind, databaseOption: database, server: address, environment: variables, words: words)
    }

    /// The token in `--token-file` (or the file `CRASH_ASSISTANT_TOKEN_FILE` names), if one is given.
    private func tokenFromFile(_ variables: [String: String], words: Words) throws(Environment.Failure) -> String? {
        guard let path = tokenFile ?? variables[Self.tokenFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let expanded = (path as NSString).expandingTildeInPath
        guard let data = FileManager.default.contents(atPath: expanded) else {
            throw Environment.Failure(
                description: words("The token file {file} cannot be read. Check the path (--token-file) and that you may read it.", ["file": expanded]),
                exitCode: ExitStatus.config
            )
        }
        guard data.count <= 4_096, let text = String(data: data, encoding: .utf8) else {
            throw Environment.Failure(
                description: words("The token file {file} does not hold a token (text of a line).", ["file": expanded]),
                exitCode: ExitStatus.config
            )
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isNewline) else {
            throw Environment.Failure(
                description: words("The token file {file} must hold the token alone, on one line.", ["file": expanded]),
                exitCode: ExitStatus.config
            )
        }
        return token
    }
}
