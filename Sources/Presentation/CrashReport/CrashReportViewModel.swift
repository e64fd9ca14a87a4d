import Domain
import Wording

/// The Crash report screen: view the created report, share it to a file, or go back to Assistance.
@MainActor
public final class CrashReportViewModel {
    // MARK: - Outputs

    public let state: Box<CrashReportUiModel>
    /// The report's text once viewed.
    public let document = Box<ReportDocumentUiModel?>(nil)
    /// The question "Share crash report" waits on, or `nil`.
    public let prompt = Box<SharePrompt?>(nil)
    public let message = Box<UiMessage?>(nil)
    /// Told when the driver goes back to Assistance.
    public var didFinish: (() -> Void)?

    public let reportID: ReportID
    private let crashID: CrashID
    private let viewReport: ViewReport
    private let shareReport: ShareReport
    /// The format Share writes (its default file extension).
    private let documentFormat: RenderedReport.Format

    /// The language the screen speaks.
    public let words: Words

    /// - Parameter documentLocation: where the report's document is kept, when known.
    public init(
        reportID: ReportID,
        crashID: CrashID,
        documentLocation: String?,
        view: ViewReport,
        share: ShareReport,
        documentFormat: RenderedReport.Format,
        words: Words = .english
    ) {
        self.words = words
        self.reportID = reportID
        self.crashID = crashID
        self.viewReport = view
        self.shareReport = share
        self.documentFormat = documentFormat
        state = Box(CrashReportUiModel(crashID: crashID.rawValue, documentLocation: documentLocation, words: words))
    }

    /// Where Share writes when the driver just presses Enter.
    public var defaultDestination: String {
        "./" + RenderedReport.defaultFileName(for: crashID, format: documentFormat)
    }

    // MARK: - Inputs

    public func view() async {
        do {
            let viewed = try await viewReport.execute(reportID: reportID)
            state.value = CrashReportUiModel(
                crashID: crashID.rawValue, documentLocation: viewed.documentLocation, acknowledgement: viewed.report.acknowledgement,
                timeline: viewed.report.claimTimeline, dates: DateText().at(viewed.report.effectiveScene.scene), words: words
            )
            document.value = ReportDocumentUiModel(text: viewed.text, documentLocation: viewed.documentLocation, words: words)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// Looks up where the report's document is kept, without showing the text.
    public func refresh() async {
        do {
            let viewed = try await viewReport.execute(reportID: reportID)
            state.value = CrashReportUiModel(
                crashID: crashID.rawValue, documentLocation: viewed.documentLocation, acknowledgement: viewed.report.acknowledgement,
                timeline: viewed.report.claimTimeline, dates: DateText().at(viewed.report.effectiveScene.scene), words: words
            )
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// Share crash report: asks where to write it.
    public func share() {
        prompt.value = .destination(defaultPath: defaultDestination)
    }

    /// Answers the pending question: a destination (empty for the default), or y/n to replace.
    public func answer(_ text: String) async {
        let answer = text.trimmingCharacters(in: .whitespaces)
        switch prompt.value {
        case nil:
            return
        case .destination:
            await write(to: answer.isEmpty ? defaultDestination : answer, replacing: false)
        case let .replace(path):
            switch YesNo.answer(answer, words: words) {
            case true?:
                await write(to: path, replacing: true)
            case false?:
                prompt.value = nil
                message.value = .info(words("{path} was left as it was. Share again to choose another file name.", ["path": path]))
            case nil:
                message.value = .error(words("Answer y to replace {path} or n to keep it.", ["path": path]))
            }
        }
    }

    public func back() {
        prompt.value = nil
        didFinish?()
    }

    private func write(to destination: String, replacing: Bool) async {
        do {
            let written = try await shareReport.execute(reportID: reportID, destination: destination, replacing: replacing)
            prompt.value = nil
            if let added = written.addedExtension {
                message.value = .info(words(
                    "Saved as {name}: the name had no extension, so .{extension} was added. Crash report written to {path}",
                    ["name": Self.fileName(of: written.path), "extension": added, "path": written.path]
                ))
            } else {
                message.value = .info(words("Crash report written to {path}", ["path": written.path]))
            }
        } catch let ShareError.destinationExists(path) {
            prompt.value = .replace(path: path)
        } catch {
            prompt.value = nil
            message.value = .error(error, words: words)
        }
    }

    /// The last part of a path: the file's name.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
