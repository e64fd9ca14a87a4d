import Domain
import Foundation
import Presentation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a photo file as the app's `PhotoFileReader` does (App is an executable target, so it is repeated here):
/// `stat` to refuse a folder, a special file or a file over the limit, then one read of the whole file.
struct PhotoFileReading: PhotoFileSource {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func read(path: String) throws -> PhotoFile {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let name = URL(fileURLWithPath: absolute).lastPathComponent
        var info = stat()
        guard stat(absolute, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(absolute) is not a regular file")
        }
        try ReportLimits.checkPhotoSize(byteCount: Int(info.st_size), fileName: name)
        let descriptor = open(absolute, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "\(absolute) cannot be opened") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let bytes = try handle.read(upToCount: ReportLimits.maximumPhotoBytes + 1) ?? Data()
        try ReportLimits.checkPhotoSize(byteCount: bytes.count, fileName: name)
        return PhotoFile(bytes: bytes, fileName: name)
    }
}
