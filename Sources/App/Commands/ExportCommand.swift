import ArgumentParser
import Domain
import Foundation
import Presentation
import Wording

/// `crash-assistant export <crash ID or report id> <file>`: writes a created report's document to a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a created crash report's document to a file.",
        discussion: "Exit status: 0 written, 64 usage, 65 the report is a draft, 66 no such report, 73/74 cannot write."
    )

    @OptionGroup var storage: StorageOptions

    @Argument(help: ArgumentHelp("The report's crash ID (e.g. CR-7KQ2M9XD) or report id.", valueName: "report"))
    var report: String

    @Argument(help: ArgumentHelp("Where to write the document; a name without an extension gets the document's (.pdf).", valueName: "file"))
    var file: String

    @Flag(help: "Replace the file if it exists.")
    var force = false

    func run() async throws {
        try await storage.withEnvironment { environment in
            let words = environment.wiring.words
            let found: CrashReport
            do {
                found = try await environment.useCases.find.execute(report)
            } catch let error as InputError {
                Console.standardError(AppErrorText.sentence(for: error, words: words))
                throw ExitCode(ExitStatus.usage)
            } catch ReportError.notFound, ReportError.crashIDNotFound {
                Console.standardError(words("No crash report has the ID {report}. List them with crash-assistant reports.", ["report": report]))
                throw ExitCode(ExitStatus.noInput)
            } catch {
                Console.standardError(AppErrorText.sentence(for: error, words: words))
                throw ExitCode(ExitStatus.of(error))
            }
            let share = environment.useCases.share
            do {
                let written = try await share.execute(reportID: found.id, destination: LineText.expandingTilde(file), replacing: force)
                let values = ["crashID": found.crashID.description, "path": written.path]
                if let added = written.addedExtension {
                    Console.standardOutput(words(
                        "Saved as {name}: the name had no extension, so .{extension} was added. Crash report {crashID} written to {path}",
                        values.merging(["name": URL(fileURLWithPath: written.path).lastPathComponent, "extension": added]) { $1 }
                    ))
                } else {
                    Console.standardOutput(words("Crash report {crashID} written to {path}", values))
                }
            } catch let error as ReportError {
                Console.standardError(AppErrorText.sentence(for: error, words: words))
                throw ExitCode(ExitStatus.dataError)
            } catch let error as ShareError {
                switch error {
                case let .destinationExists(path):
                    Console.standardError(words("{path} already exists. Pass --force to replace it, or give another file name.", ["path": path]))
                    throw ExitCode(ExitStatus.cannotCreate)
                case .destinationIsDirectory, .folderMissing, .wrongExtension:
                    Console.standardError(AppErrorText.sentence(for: error, words: words))
                    throw ExitCode(ExitStatus.cannotCreate)
                case .notWritable:
                    Console.standardError(AppErrorText.sentence(for: error, words: words))
                    throw ExitCode(ExitStatus.ioError)
                }
            } catch {
                Console.standardError(AppErrorText.sentence(for: error, words: words))
                throw ExitCode(ExitStatus.of(error))
            }
        }
    }
}
