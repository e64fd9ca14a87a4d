import Domain

/// A photo file source with no files: every path is missing.
public struct NoPhotoFiles: PhotoFileSource {
    public init() {}

    public func read(path: String) throws -> PhotoFile {
        throw PhotoFileError.missing(path: path)
    }
}
