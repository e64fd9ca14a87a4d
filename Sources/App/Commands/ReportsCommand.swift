import ArgumentParser
import Domain
import Foundation
import Presentation
import Wording

/// `crash-assistant reports [--json]`: lists drafts and completed reports, newest first.
struct ReportsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "List the crash reports kept: drafts and completed, newest first."
    )

    @OptionGroup var storage: StorageOptions

    @Flag(help: "Print the list as JSON (an array of objects, times in ISO 8601).")
    var json = false

    func run() async throws {
        try await storage.withEnvironment { environment in
            let words = environment.wiring.words
            let summaries: [ReportSummary]
            do {
                summaries = try await ListReports(repository: environment.repository).execute()
            } catch {
                Console.standardError(AppErrorText.sentence(for: error, words: words))
                throw ExitCode(ExitStatus.of(error))
            }
            if json {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let data = try encoder.encode(summaries.map(ReportSummaryJSON.init))
                Console.standardOutput(String(decoding: data, as: UTF8.self))
                return
            }
            let list = ReportListUiModel(summaries, firstNumber: 1, hasNextPage: false, dates: environment.wiring.dates, words: words)
            guard !list.rows.isEmpty else {
                Console.standardOutput(list.emptyText)
                return
            }
            // Every report, one line each, written at once.
            let statusWidth = ReportListScreen.statusWidth(words)
            let lines = list.rows.map { row in
                "\(row.crashID)  \(TerminalText.padded(row.status, to: statusWidth))  \(row.when)  \(row.holds)"
            }
            Console.standardOutput(lines.joined(separator: "\n"))
        }
    }
}
