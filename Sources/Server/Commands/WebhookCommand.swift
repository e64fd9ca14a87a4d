import ArgumentParser
import Domain
import Foundation
import ServerApp
import ServerCore

/// `webhook list` and `webhook replay`: the events the server sent (or is sending) the insurer's claims system, kept
/// 30 days after they finished, and sending a finished one again with the same `webhook-id`.
struct WebhookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook", abstract: "The events sent to the insurer's claims system: list them, send one again.",
        subcommands: [ListDeliveriesCommand.self, ReplayDeliveriesCommand.self]
    )
}

/// A time `--since` takes: a date and time with its zone (`2026-11-29T10:00:00Z`), or how long ago (`90m`, `2h`, `3d`).
struct SinceOption {
    static let help = "ISO 8601 with a zone (2026-11-29T10:00:00Z), or how long ago: 45s, 90m, 2h, 3d."

    static func parse(_ text: String, name: String = "--since", now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let unit = trimmed.last, let seconds = ["s": 1.0, "m": 60, "h": 3_600, "d": 86_400][String(unit)],
           let count = Int(trimmed.dropLast()), count >= 0, count <= 3_650 * 86_400 {
            return now.addingTimeInterval(-Double(count) * seconds)
        }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed) { return date }
        }
        throw ValidationError("\(name): “\(text.prefix(64))” is not a time. Give \(help)")
    }
}

struct ListDeliveriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the events for the claims system, newest first: delivered, waiting, retrying (a try failed) or given-up.",
        discussion: "Each line: the delivery's number (for webhook replay), when it was queued, its state, its event type, its webhook-id, how many tries, and why the last one failed."
    )

    @Flag(help: "Only those whose last try failed: retrying, or given up.")
    var failed = false

    @Option(help: ArgumentHelp("Only those queued (or replayed) at or after this time. \(SinceOption.help)", valueName: "TIME"))
    var since: String?

    @Option(help: "How many at most (1–\(ServerLimits.deliveriesListed)).")
    var limit = 50

    @Flag(help: "One JSON object per line (id, state, type, webhookId, claim, reportId, attempts, lastError, queuedAt, finishedAt, replayedAt).")
    var json = false

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard (1...ServerLimits.deliveriesListed).contains(limit) else {
            throw ValidationError("--limit must be from 1 to \(ServerLimits.deliveriesListed).")
        }
        if let since { _ = try SinceOption.parse(since) }
    }

    func run() async throws {
        let query = DeliveryQuery(failedOnly: failed, since: try since.map { try SinceOption.parse($0) })
        let environment = try await ServerEnvironment.forReading(data: data, database: database)
        let rows = try await environment.whileRunning {
            try await DeliveryRow.rows(try await environment.store.webhookDeliveries(query, limit: limit), store: environment.store)
        }
        environment.close()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for row in rows { print(String(decoding: try encoder.encode(row), as: UTF8.self)) }
            return
        }
        guard !rows.isEmpty else {
            let what = failed ? "No failed deliveries" : "No deliveries"
            FileHandle.standardError.write(Data("\(what)\(since.map { " since \($0)" } ?? "") to the claims system are kept.\n".utf8))
            return
        }
        for row in rows { print(row.line) }
    }
}

struct ReplayDeliveriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Sends finished events to the claims system again, with the same webhook-id: one by its number, or every given-up one since a time.",
        discussion: "A running server sends them within a second or two, in each report's order, and tries each again for --give-up-after as before. A delivery still being tried is left as it is."
    )

    @Argument(help: "The delivery's number, as webhook list shows it.")
    var id: Int64?

    @Option(help: ArgumentHelp("Every delivery given up that was queued (or replayed) at or after this time. \(SinceOption.help)", valueName: "TIME"))
    var since: String?

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        switch (id, since) {
        case (nil, nil): throw ValidationError("Give a delivery's number (webhook list shows them), or --since TIME for every given-up one.")
        case (_?, _?): throw ValidationError("Give either a delivery's number or --since, not both.")
        case let (id?, nil): guard id > 0 else { throw ValidationError("A delivery's number is a whole number from 1 on, as webhook list shows.") }
        case let (nil, since?): _ = try SinceOption.parse(since)
        }
    }

    func run() async throws {
        let environment = try await ServerEnvironment.forReading(data: data, database: database)
        let store = environment.store
        let now = Date()
        if let id {
            let outcome = try await environment.whileRunning { try await store.replayDelivery(id, at: now) }
            environment.close()
            switch outcome {
            case .notFound:
                throw ServerCommandFailure.exit(
                    "No delivery numbered \(id) is kept (finished ones are kept 30 days). `webhook list` shows their numbers.",
                    status: ServerCommandFailure.noInputStatus
                )
            case let .stillTrying(delivery):
                FileHandle.standardError.write(Data("""
                    Delivery \(id) is still being tried (\(delivery.attempts) tries so far); it goes as soon as the claims system takes it.

                    """.utf8))
            case let .queued(delivery):
                let row = try await environment.whileRunning { try await DeliveryRow.rows([delivery], store: store) }
                FileHandle.standardError.write(Data("Queued again: \(row.first?.webhookId ?? String(id)). A running server sends it within seconds.\n".utf8))
            }
            return
        }
        let from = try SinceOption.parse(since ?? "")
        let (replayed, rows) = try await environment.whileRunning {
            let replayed = try await store.replayGivenUpDeliveries(since: from, at: now)
            return (replayed, try await DeliveryRow.rows(replayed, store: store))
        }
        environment.close()
        guard !replayed.isEmpty else {
            FileHandle.standardError.write(Data("No delivery queued since \(since ?? "") was given up; nothing to send again.\n".utf8))
            return
        }
        for row in rows { print(row.line) }
        FileHandle.standardError.write(Data("Queued again: \(replayed.count). A running server sends them within seconds, each report's in order.\n".utf8))
    }
}

/// A delivery as the commands show it.
struct DeliveryRow: Encodable {
    let id: Int64
    let state: String
    let type: String
    /// The `webhook-id` the claims system gets; the report's id when the claim is gone (erased).
    let webhookId: String
    let claim: String?
    let reportId: String?
    let attempts: Int
    let lastError: String?
    let queuedAt: String
    let finishedAt: String?
    let replayedAt: String?

    var line: String {
        var text = "\(id)  \(queuedAt)  \(state)  \(type)  \(webhookId)  \(attempts) \(attempts == 1 ? "try" : "tries")"
        if let replayedAt { text += "  replayed \(replayedAt)" }
        if let lastError, state != DeliveryState.delivered.rawValue { text += "  \(lastError)" }
        return text
    }

    /// The rows of `deliveries`, each with its claim's webhook-id (looked up once per report).
    static func rows(_ deliveries: [WebhookDelivery], store: any ServerStore) async throws -> [DeliveryRow] {
        let stamp = ISO8601DateFormatter()
        var claims: [String: ClaimID?] = [:]
        var rows: [DeliveryRow] = []
        for delivery in deliveries {
            var claim: ClaimID?
            if let about = delivery.report {
                let key = "\(about.owner)/\(about.report)"
                if let known = claims[key] {
                    claim = known
                } else {
                    claim = try await store.claim(of: about.report, owner: about.owner)?.id
                    claims[key] = claim
                }
            }
            rows.append(DeliveryRow(
                id: delivery.id, state: delivery.state.rawValue, type: delivery.event?.type ?? "unreadable",
                webhookId: claim.flatMap { delivery.webhookID(claim: $0) }
                    ?? delivery.report.map { "report \($0.report)" } ?? "-",
                claim: claim?.description, reportId: delivery.report?.report.description, attempts: delivery.attempts,
                lastError: delivery.lastError.map { String($0.prefix(200)) }, queuedAt: stamp.string(from: delivery.queuedAt),
                finishedAt: delivery.finishedAt.map(stamp.string(from:)), replayedAt: delivery.replayedAt.map(stamp.string(from:))
            ))
        }
        return rows
    }
}
