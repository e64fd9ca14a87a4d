import ArgumentParser
import Domain
import Foundation
import ServerApp

/// `sms list`: the SMS messages to drivers and where each is on its way (queued, accepted, delivered, failed).
struct SMSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sms", abstract: "The SMS messages crash events sent drivers, and their states.",
        subcommands: [ListSMSCommand.self]
    )
}

struct ListSMSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Lists SMS messages, newest first, with their states (queued, accepted, delivered, failed)."
    )

    @Option(name: .customLong("crash"), help: ArgumentHelp("Only the messages about this crash ID.", valueName: "CRASH-ID"))
    var crashID: String?

    @Option(help: "How many messages at most (1–1000).")
    var limit = 20

    @Flag(help: "One JSON object per line (crashId, to, state, detail, createdAt, updatedAt, text).")
    var json = false

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be from 1 to 1000.") }
        if let crashID {
            do {
                _ = try CrashID(validating: crashID)
            } catch {
                throw ValidationError("--crash: “\(crashID.prefix(64))” is not a crash ID.")
            }
        }
    }

    func run() async throws {
        let crash = try crashID.map { try CrashID(validating: $0) }
        let environment = try await ServerEnvironment.forReading(data: data, database: database)
        let messages = try await environment.whileRunning {
            if let crash { return Array(try await environment.store.smsMessages(crashID: crash).reversed().prefix(limit)) }
            return try await environment.store.recentSMSMessages(limit: limit)
        }
        environment.close()
        let stamp = ISO8601DateFormatter()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for message in messages {
                let row = Row(
                    id: message.id.description, crashId: message.crashID.rawValue, to: message.recipient.e164,
                    state: message.state.rawValue, detail: message.detail, createdAt: stamp.string(from: message.createdAt),
                    updatedAt: stamp.string(from: message.updatedAt), text: message.text
                )
                print(String(decoding: try encoder.encode(row), as: UTF8.self))
            }
            return
        }
        guard !messages.isEmpty else {
            FileHandle.standardError.write(Data((crash.map { "No SMS about \($0).\n" } ?? "No SMS yet.\n").utf8))
            return
        }
        for message in messages {
            print("\(stamp.string(from: message.createdAt))  \(message.crashID)  \(message.recipient)  \(message.state.rawValue)"
                + (message.detail.map { "  \($0)" } ?? ""))
        }
    }

    private struct Row: Encodable {
        let id: String
        let crashId: String
        let to: String
        let state: String
        let detail: String?
        let createdAt: String
        let updatedAt: String
        let text: String
    }
}
