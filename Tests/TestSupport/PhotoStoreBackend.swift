import Data
import Domain
import Foundation

/// Every `PhotoStore` backend, for the photo-store conformance tests.
public enum PhotoStoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory = "in memory"
    case files = "files"

    public var description: String { rawValue }

    public func make() throws -> PhotoStoreUnderTest {
        switch self {
        case .inMemory:
            return PhotoStoreUnderTest(store: InMemoryPhotoStore(), directory: nil)
        case .files:
            let directory = TemporaryDirectory("photos")
            return PhotoStoreUnderTest(store: try FilePhotoStore(directory: directory.file("photos")), directory: directory)
        }
    }
}
