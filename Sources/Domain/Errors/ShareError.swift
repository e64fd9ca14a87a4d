import Foundation

/// Why a report could not be written where the driver asked. Each case carries the path (and the system's
/// reason); the edges choose the words.
public enum ShareError: Error, Sendable, Hashable {
    case destinationExists(String)
    case destinationIsDirectory(String)
    case folderMissing(String)
    case notWritable(String, reason: String)
    /// The file name ends in another format's extension than the document's (`report.txt` for a PDF).
    case wrongExtension(String, expected: String)
}
