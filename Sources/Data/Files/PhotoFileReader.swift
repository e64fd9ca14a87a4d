import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a photo file safely: checks with `stat` that it is a regular file within the size limit
/// before reading it, so a huge file is refused without being read into memory.
public struct PhotoFileReader: PhotoFileSource {
    public init() {}

    /// - Throws: `PhotoFileError` naming the file (its absolute path) and what is wrong, or
    ///   `PhotoError.tooLarge` / `.empty`.
    public func read(path: String) throws -> PhotoFile {
        guard !path.isEmpty else { throw PhotoFileError.noPath }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let name = URL(fileURLWithPath: absolute).lastPathComponent
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            throw Self.openFailure(absolute, errno)
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw PhotoFileError.folder(path: absolute)
        }
        guard kind == S_IFREG else {
            throw PhotoFileError.notRegularFile(path: absolute)
        }
        let size = Int(info.st_size)
        try ReportLimits.checkPhotoSize(byteCount: size, fileName: name)
        guard size > 0 else { throw PhotoError.empty(fileName: name) }

        let descriptor = open(absolute, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.openFailure(absolute, errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let bytes: Data
        do {
            // One byte past the limit is enough to tell a file that grew meanwhile.
            bytes = try handle.read(upToCount: ReportLimits.maximumPhotoBytes + 1) ?? Data()
        } catch {
            throw PhotoFileError.readFailed(path: absolute, reason: error.localizedDescription)
        }
        try ReportLimits.checkPhotoSize(byteCount: bytes.count, fileName: name)
        return PhotoFile(bytes: bytes, fileName: name)
    }

    private static func openFailure(_ path: String, _ code: Int32) -> PhotoFileError {
        switch code {
        case ENOENT, ENOTDIR: .missing(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
    }
}
