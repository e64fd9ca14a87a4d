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
        case .quit: "quit"
        }
    }
}
