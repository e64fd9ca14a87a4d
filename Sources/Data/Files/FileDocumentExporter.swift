import Domain
import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes documents to files: whole or not at all (a temporary file, flushed to disk, then moved into place),
/// readable by the owner only, since a report shows licences and insurance cards.
public struct FileDocumentExporter: DocumentExporter {
    public init() {}

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
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial").path
        do {
            try write(document.bytes, toNewFile: temporary, reportingAs: path)
            try moveIntoPlace(temporary, path, replacing: replacing)
        } catch {
            unlink(temporary)
            throw error
        }
        return path
    }

    private func write(_ bytes: Data, toNewFile temporary: String, reportingAs path: String) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Self.failure(path)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Self.failure(path) }
    }

    /// Renames over an existing file only when replacing; otherwise links, which fails if a file
    /// appeared there meanwhile, so nobody's file is ever replaced unasked.
    private func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) throws {
        if replacing {
            guard rename(temporary, path) == 0 else { throw Self.failure(path) }
            return
        }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { throw ShareError.destinationExists(path) }
            throw Self.failure(path)
        }
        unlink(temporary)
    }

    private static func failure(_ path: String) -> ShareError {
        .notWritable(path, reason: String(cString: strerror(errno)).lowercased())
    }
}
