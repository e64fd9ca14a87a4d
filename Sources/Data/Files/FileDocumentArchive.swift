import Domain
import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps each completed report's document as `<directory>/crash-report-<crash ID>.<ext>`
/// (e.g. `crash-report-CR-7KQ2M9XD.pdf`). The folder is created owner-only (0700) and every file is
/// owner-only (0600), since a report shows licences and insurance cards. A document is replaced whole
/// (temporary file, flushed, renamed), so a reader never sees half of one.
public struct FileDocumentArchive: DocumentArchive {
    /// The folder the documents are kept in, as an absolute path.
    public let directory: String

    /// - Parameter directory: where to keep documents (absolute, or relative to the current directory);
    ///   created with its missing parents when the first document is kept.
    public init(directory: String) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    /// Keeps the document, replacing the report's earlier one of the same format.
    /// - Returns: the document's absolute path.
    /// - Throws: `ShareError.notWritable` when the folder or file cannot be written.
    public func keep(_ document: RenderedReport, of report: CrashReport) throws -> String {
        try createDirectory()
        let path = path(of: report, format: document.format)
        try AtomicFileWriter.writeDocument(document.bytes, to: path, replacing: true)
        return path
    }

    /// The document's absolute path when it is kept, else `nil`.
    public func location(of report: CrashReport, format: RenderedReport.Format) -> String? {
        let path = path(of: report, format: format)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Removes the document kept under `crashID`; none is not an error.
    /// - Throws: `ShareError.notWritable` when it is there and cannot be removed.
    public func remove(namedAfter crashID: CrashID, format: RenderedReport.Format) throws {
        let path = directory + "/" + RenderedReport.defaultFileName(for: crashID, format: format)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw ShareError.notWritable(path, reason: String(cString: strerror(errno)))
        }
    }

    /// Where the report's document of this format is (or would be) kept.
    public func path(of report: CrashReport, format: RenderedReport.Format) -> String {
        directory + "/" + RenderedReport.defaultFileName(for: report.crashID, format: format)
    }

    private func createDirectory() throws(ShareError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .notWritable(directory, reason: "it is a file, not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw .notWritable(directory, reason: "the folder could not be created")
        }
    }
}
