import Composition
import Domain
import Foundation
import Presentation
import TestSupport

/// Photo files by path, for view models that add photos; any other path is missing.
struct StubPhotoFiles: PhotoFileSource {
    struct Missing: Error, LocalizedError {
        let path: String
        var errorDescription: String? { "There is no file at \(path)." }
    }

    var files: [String: PhotoFile] = [:]

    func read(path: String) throws -> PhotoFile {
        guard let file = files[path] else { throw Missing(path: path) }
        return file
    }

    /// `a.jpg`, `b.jpg` … distinct valid JPEGs, and `plate.png`.
    static func standard() throws -> StubPhotoFiles {
        var files: [String: PhotoFile] = ["plate.png": PhotoFile(bytes: try Fixtures.png(), fileName: "plate.png")]
        for (index, name) in ["a.jpg", "b.jpg", "c.jpg"].enumerated() {
            files[name] = PhotoFile(bytes: try Fixtures.distinctJPEG(index), fileName: name)
        }
        return StubPhotoFiles(files: files)
    }
}

/// Times written in UTC, so expectations do not depend on the machine's time zone.
let utc = DateText(timeZone: TimeZone(identifier: "UTC") ?? .current)

// MARK: - Route names, for expectations

extension CollectCrashInfoViewModel.Route {
    var name: String {
        switch self {
        case .checklist: "checklist"
        case .landing: "landing"
        case .injuries: "injuries"
        case .photoPage: "photoPage"
        case .statement: "statement"
        case .parties: "parties"
        case .close: "close"
        case .crashReport: "crashReport"
        }
    }
}

extension AssistanceViewModel.Route {
    var name: String {
        switch self {
        case .menu: "menu"
        case .crashAssistant: "crashAssistant"
        case .reports: "reports"
        case .crashReport: "crashReport"
        case .profile: "profile"
        case .quit: "quit"
        }
    }
}

// MARK: - Route cases, for `try #require`

/// The screen a route leads to when it is the expected case, else `nil`: with `try #require` a test fails
/// (rather than passes silently) when navigation goes elsewhere.
extension CollectCrashInfoViewModel.Route {
    var injuryPage: InjuryViewModel? {
        if case let .injuries(page) = self { page } else { nil }
    }

    var closeDialog: CloseReportViewModel? {
        if case let .close(dialog) = self { dialog } else { nil }
    }
}

extension AssistanceViewModel.Route {
    var assistant: CollectCrashInfoViewModel? {
        if case let .crashAssistant(assistant) = self { assistant } else { nil }
    }

    var reportList: ReportListViewModel? {
        if case let .reports(list) = self { list } else { nil }
    }
}

extension PageRoute {
    var discardDialog: DiscardPageViewModel? {
        if case let .discard(dialog) = self { dialog } else { nil }
    }
}
