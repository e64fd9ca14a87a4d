import Foundation

/// Why a report could not be written where the driver asked.
public enum ShareError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    case destinationExists(String)
    case destinationIsDirectory(String)
    case folderMissing(String)
    case notWritable(String, reason: String)

    public var description: String {
        switch self {
        case let .destinationExists(path):
            "\(path) already exists. Confirm to replace it, or give another file name."
        case let .destinationIsDirectory(path):
            "\(path) is a folder. Give a file name inside it, e.g. \(path)/crash-report.pdf."
        case let .folderMissing(path):
            "The folder for \(path) does not exist. Create it first or choose another place."
        case let .notWritable(path, reason):
            "Could not write \(path) (\(reason)). Choose a place you can write to."
        }
    }

    public var errorDescription: String? { description }
}
