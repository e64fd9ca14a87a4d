import Domain
import Foundation
import Storage

/// Writes documents to files: whole or not at all (a temporary file, flushed to disk, then moved into place),
/// readable by the owner only, since a report shows licences and insurance cards.
public struct FileDocumentExporter: DocumentExporter {
    public init() {}

    public func isFolder(_ destination: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: URL(fileURLWithPath: destination).standardizedFileURL.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// - Parameter destination: an absolute path or one relative to the current directory.
    public func export(_ document: RenderedReport, to destination: String, replacing: Bool) throws -> String {
        let url = URL(fileURLWithPath: destination).standardizedFileURL
        let path = url.path
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ShareError.destinationIsDirectory(path) }
            if !replacing { throw ShareError.destinationExists(path) }
        }
        var folderIsDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &folderIsDirectory),
              folderIsDirectory.boolValue else {
            throw ShareError.folderMissing(path)
        }
        try AtomicFileWriter.writeDocument(document.bytes, to: path, replacing: replacing)
        return path
    }
}
