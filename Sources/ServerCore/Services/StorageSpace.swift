import Domain
import Foundation
import NIOCore
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Room on the disk that holds the server's data: whether a failure was the disk being full (however the layer that
/// failed said it), and how much is free now.
package enum StorageSpace {
    /// The least room the server wants to take writes: the largest photo, and a margin for the database and the PDF
    /// being drawn. `/health` says the server cannot store below it.
    package static let minimumFreeBytes = ReportLimits.maximumPhotoBytes + 16 * 1_024 * 1_024

    /// Whether `error` says the disk (or the server's share of it) is full: a file write, the database, or NIO's file
    /// I/O.
    package static func isOutOfSpace(_ error: any Error) -> Bool {
        switch error {
        case let error as FileWriteError: error.isOutOfSpace
        case let error as any StorageFailureReporting: error.storageFailure.kind == .diskFull
        case let error as IOError: [ENOSPC, EDQUOT].contains(error.errnoCode)
        case let error as NSError where error.domain == NSPOSIXErrorDomain: [ENOSPC, EDQUOT].contains(Int32(error.code))
        default: false
        }
    }

    /// The bytes free for the server on the file system holding `path`, or `nil` when it cannot be asked.
    package static func freeBytes(at path: String) -> Int? {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }
}
