import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: PhotoIndex {
    @discardableResult
    package func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date, within photoBytes: Allowance?) async throws -> Bool {
        try await writing { connection in
            try Self.requireAccount(owner, in: connection)
            if let photoBytes, try Self.photoBytes(owner: owner, sha256: photo.contentHash, in: connection) == nil {
                try photoBytes.check(held: try Self.usage(of: owner, in: connection).photoBytes, adding: photo.byteCount)
            }
            let insert = try connection.statement("""
                INSERT INTO photos (owner, sha256, media_type, byte_count, uploaded_at) VALUES (\(owner.rawValue), \(photo.contentHash.hex),
                    \(photo.mediaType.rawValue), \(photo.byteCount), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT (owner, sha256) DO NOTHING
                """)
            try insert.run()
            return connection.changes > 0
        }
    }

    package func photo(_ contentHash: ContentHash, owner: AccountID) async throws -> StoredPhoto? {
        try await reading { connection in
            let query = try connection.statement(
                "SELECT media_type, byte_count FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)"
            )
            defer { query.reset() }
            guard try query.step() else { return nil }
            let mediaType = try StoredRecord.named(query.string(0), as: MediaType.self, table: "photos", name: "media_type")
            return StoredPhoto(contentHash: contentHash, mediaType: mediaType, byteCount: query.int(1))
        }
    }

    package func missingPhotos(_ hashes: [ContentHash], owner: AccountID) async throws -> [ContentHash] {
        guard !hashes.isEmpty else { return [] }
        return try await reading { connection in
            var missing: [ContentHash] = []
            for hash in hashes {
                let query = try connection.statement("SELECT EXISTS (SELECT 1 FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(hash.hex))")
                defer { query.reset() }
                if try query.step(), query.int(0) == 0 { missing.append(hash) }
            }
            return missing
        }
    }

    // MARK: - Partial uploads

    package func partialUpload(_ contentHash: ContentHash, owner: AccountID) async throws -> PartialUpload? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT id, expected_length, offset, started_at FROM uploads WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)
                """)
            defer { query.reset() }
            guard try query.step() else { return nil }
            return PartialUpload(
                id: UploadID(try Self.uuid(query, 0, table: "uploads", name: "id")),
                owner: owner,
                contentHash: contentHash,
                expectedLength: query.int(1),
                offset: query.int(2),
                startedAt: Self.date(query, 3)
            )
        }
    }

    package func beginUpload(_ upload: PartialUpload, within uploads: Allowance?) async throws -> UploadID? {
        try await writing { connection in
            try Self.run(in: connection) { transaction in try await StoreSteps.beginUpload(upload, within: uploads, in: transaction) }
        }
    }

    package func setOffset(_ offset: Int, of upload: UploadID) async throws {
        try await writing { connection in
            let update = try connection.statement("UPDATE uploads SET offset = \(offset) WHERE id = \(upload.rawValue)")
            try update.run()
        }
    }

    package func releasePhoto(_ contentHash: ContentHash, owner: AccountID, at date: Date) async throws -> Bool {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)")
            try delete.run()
            return try Self.release(contentHash, at: date, in: connection)
        }
    }

    package func releaseBytes(_ contentHash: ContentHash, at date: Date) async throws -> Bool {
        try await writing { connection in try Self.release(contentHash, at: date, in: connection) }
    }

    package func bytesRemoved(_ contentHash: ContentHash) async throws {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM photo_removals WHERE sha256 = \(contentHash.hex)")
            try delete.run()
        }
    }

    package func usage(of owner: AccountID) async throws -> (photoBytes: Int, uploads: Int) {
        try await reading { connection in try Self.usage(of: owner, in: connection) }
    }

    private static func usage(of owner: AccountID, in connection: SQLiteConnection) throws -> (photoBytes: Int, uploads: Int) {
        let query = try connection.statement("""
            SELECT (SELECT coalesce(sum(byte_count), 0) FROM photos WHERE owner = \(owner.rawValue)), (SELECT count(*) FROM uploads
                WHERE owner = \(owner.rawValue))
            """)
        defer { query.reset() }
        return try query.step() ? (query.int(0), query.int(1)) : (0, 0)
    }

    /// The size of the owner's photo with these bytes, if they have it.
    private static func photoBytes(owner: AccountID, sha256: ContentHash, in connection: SQLiteConnection) throws -> Int? {
        let query = try connection.statement("SELECT byte_count FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(sha256.hex)")
        defer { query.reset() }
        return try query.step() ? query.int(0) : nil
    }

    /// Inside a write: marks the bytes as being removed when nobody holds them (``PhotoIndex/releaseBytes(_:at:)``).
    private static func release(_ contentHash: ContentHash, at date: Date, in connection: SQLiteConnection) throws -> Bool {
        guard try !isHeld(contentHash, in: connection) else { return false }
        let mark = try connection.statement("""
            INSERT INTO photo_removals (sha256, since) VALUES (\(contentHash.hex), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT (sha256) DO UPDATE SET since = excluded.since
            """)
        try mark.run()
        return true
    }

    package func sweepUploads(startedBefore date: Date) async throws -> [PartialUpload] {
        try await writing { connection in
            let query = try connection.statement("""
                DELETE FROM uploads WHERE started_at < \(date.timeIntervalSinceReferenceDate) RETURNING id, owner, sha256, expected_length,
                    offset, started_at
                """)
            defer { query.reset() }
            var swept: [PartialUpload] = []
            while try query.step() {
                swept.append(PartialUpload(
                    id: UploadID(try Self.uuid(query, 0, table: "uploads", name: "id")),
                    owner: AccountID(try Self.uuid(query, 1, table: "uploads", name: "owner")),
                    contentHash: try Self.contentHash(query, 2, table: "uploads"),
                    expectedLength: query.int(3), offset: query.int(4), startedAt: Self.date(query, 5)
                ))
            }
            return swept
        }
    }

    /// Whether an owner's photo or an upload under way holds the bytes.
    private static func isHeld(_ contentHash: ContentHash, in connection: SQLiteConnection) throws -> Bool {
        let query = try connection.statement("""
            SELECT EXISTS (SELECT 1 FROM photos WHERE sha256 = \(contentHash.hex)) OR EXISTS (SELECT 1 FROM uploads WHERE sha256 = \(contentHash.hex))
            """)
        defer { query.reset() }
        return try query.step() && query.int(0) != 0
    }

    package func endUpload(_ upload: UploadID) async throws {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM uploads WHERE id = \(upload.rawValue)")
            try delete.run()
        }
    }
}
