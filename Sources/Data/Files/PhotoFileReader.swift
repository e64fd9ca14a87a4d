import Domain
import Foundation
import Presentation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a photo file safely: checks with `stat` that it is a regular file within the size limit
/// before reading it, so a huge file is refused without being read into memory.
struct PhotoFileReader: PhotoFileSource {
    /// Why a file could not be read, naming the file and what to do.
    struct Failure: Error, Sendable, LocalizedError, CustomStringConvertible {
        let description: String
        var errorDescription: String? { description }
    }

    func read(path: String) throws -> PhotoFile {
        guard !path.isEmpty else {
            throw Failure(description: "Name the photo file to add, e.g. add 1 ~/Pictures/plate.jpg")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let name = URL(fileURLWithPath: absolute).lastPathComponent
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            throw Failure(description: Self.openFailure(absolute, errno))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw Failure(description: "\(absolute) is a folder, not a photo. Name a JPEG or PNG file inside it.")
        }
        guard kind == S_IFREG else {
            throw Failure(description: "\(absolute) is not a regular file. Name a JPEG or PNG photo file.")
        }
        let size = Int(info.st_size)
        try ReportLimits.checkPhotoSize(byteCount: size, fileName: name)
        guard size > 0 else { throw PhotoError.empty(fileName: name) }

        let descriptor = open(absolute, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: Self.openFailure(absolute, errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let bytes: Data
        do {
            // One byte past the limit is enough to tell a file that grew meanwhile.
            bytes = try handle.read(upToCount: ReportLimits.maximumPhotoBytes + 1) ?? Data()
        } catch {
            throw Failure(description: "\(absolute) could not be read (\(error.localizedDescription)). Copy the photo somewhere else and add the copy.")
        }
        try ReportLimits.checkPhotoSize(byteCount: bytes.count, fileName: name)
        return PhotoFile(bytes: bytes, fileName: name)
    }

    private static func openFailure(_ path: String, _ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR:
            "There is no file at \(path). Check the path (quote it if it has spaces) and try again."
        case EACCES, EPERM:
            "\(path) cannot be read: permission denied. Make it readable (chmod u+r) or copy it somewhere you can read."
        default:
            "\(path) cannot be read (\(String(cString: strerror(code)))). Check the file and try again."
        }
    }
}
