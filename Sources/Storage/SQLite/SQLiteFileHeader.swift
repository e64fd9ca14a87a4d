import Foundation

/// Checks an existing database file's first bytes and size before SQLite opens it, so a file that is not a
/// database, or one cut short, is refused without SQLite ever writing to it.
struct SQLiteFileHeader {
    static let magic = Array("SQLite format 3\0".utf8)
    static let length = 100

    let pageSize: Int
    /// The page count the header records, when the header says it is current.
    let pageCount: Int?
    /// The layout version the header records (`PRAGMA user_version`, bytes 60–63). Current only when no page of
    /// the file lives elsewhere (a non-empty `-wal`, a `-journal` beside it).
    let userVersion: Int

    /// Reads and checks the header of the file at `path` (which must exist and not be empty).
    /// - Parameter walInUse: whether a non-empty `-wal` file sits next to it; then pages may still live
    ///   only in the log, and the file's size is not checked against the header.
    /// - Throws: `StorageError.notADatabase` naming what is wrong.
    static func check(path: String, fileSize: Int, walInUse: Bool) throws(StorageError) -> SQLiteFileHeader {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .notADatabase(path: path, reason: "it cannot be read")
        }
        defer { try? handle.close() }
        let bytes = Array((try? handle.read(upToCount: length)) ?? Data())
        guard bytes.count == length else {
            throw .notADatabase(path: path, reason: "it is only \(fileSize) bytes long, shorter than any database")
        }
        guard Array(bytes[0..<16]) == magic else {
            throw .notADatabase(path: path, reason: "it does not start like an SQLite database")
        }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw .notADatabase(path: path, reason: "its header names an impossible page size")
        }
        let changeCounter = bigEndian(bytes, at: 24)
        let validFor = bigEndian(bytes, at: 92)
        let recordedPages = bigEndian(bytes, at: 28)
        let pageCount = recordedPages > 0 && changeCounter == validFor ? recordedPages : nil
        if !walInUse {
            guard fileSize % pageSize == 0 else {
                throw .notADatabase(path: path, reason: "it is cut short: \(fileSize) bytes is not a whole number of pages")
            }
            if let pageCount, fileSize < pageCount * pageSize {
                throw .notADatabase(
                    path: path,
                    reason: "it is cut short: \(fileSize) bytes where the header records \(pageCount * pageSize)"
                )
            }
        }
        return SQLiteFileHeader(pageSize: pageSize, pageCount: pageCount, userVersion: bigEndian(bytes, at: 60))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
