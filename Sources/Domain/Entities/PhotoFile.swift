import Foundation

/// The bytes of a photo file and its name.
public struct PhotoFile: Sendable, Hashable {
    public let bytes: Data
    public let fileName: String

    public init(bytes: Data, fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
    }
}
