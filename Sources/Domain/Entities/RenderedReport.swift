import Foundation

/// A report turned into a document: the bytes and what kind of document they are.
public struct RenderedReport: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable {
        case plainText = "text/plain; charset=utf-8"
        case pdf = "application/pdf"

        public var fileExtension: String {
            switch self {
            case .plainText: "txt"
            case .pdf: "pdf"
            }
        }
    }

    public let format: Format
    public let bytes: Data

    public init(format: Format, bytes: Data) {
        self.format = format
        self.bytes = bytes
    }

    /// The document as text, for plain-text documents.
    public var text: String? {
        format == .plainText ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The file name the report is shared under by default, e.g. `crash-report-CR-7KQ2M9XD.pdf`.
    public static func defaultFileName(for crashID: CrashID, format: Format) -> String {
        "crash-report-\(crashID.rawValue).\(format.fileExtension)"
    }
}
