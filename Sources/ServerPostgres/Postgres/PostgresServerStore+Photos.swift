import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: PhotoIndex {
    @discardableResult
    package func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date, within photoBytes: Allowance?) async throws -> Bool {
        try await writing { connection in
            // The owner's row locked for the quota's count: their writes that take a quota go one at a time.
            try await Self.requireAccount(owner, on: connection, forQuota: photoBytes != nil)
            if let photoBytes {
                var held: Int?
                var has = false
                for try await (bytes, hasIt) in try await connection.query("""
                    SELECT coalesce(sum(byte_count), 0)::bigint, bool_or(sha256 = \(photo.contentHash.hex))
                    FROM photos WHERE owner = \(owner.rawValue)
                    """, logger: Self.queryLogger).decode((Int, Bool?).self) {
                    held = bytes
                    has = hasIt ?? false
                }
                if !has { try photoBytes.check(held: held ?? 0, adding: photo.byteCount) }
            }
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO photos (owner, sha256, media_type, byte_count, uploaded_at)
                VALUES (\(owner.rawValue), \(photo.contentHash.hex), \(photo.mediaType.rawValue), \(photo.byteCount),
                        \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT (owner, sha256) DO NOTHING
                RETURNING sha256
                """, logger: Self.queryLogger) { inserted = true }
            return inserted
        }
    }

    package func photo(_ contentHash: ContentHash, owner: AccountID) async throws -> StoredPhoto? {
        var found: StoredPhoto?
        try await client.rows(
            "SELECT media_type, byte_count FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)"
        ) { row in
            let (mediaType, byteCount) = try row.decode((String, Int).self)
            found = StoredPhoto(
                contentHash: contentHash,
                mediaType: try StoredRecord.named(mediaType, as: MediaType.self, table: "photos", name: "media_type"),
                byteCount: byteCount
            )
        }
        return found
    }

    package func missingPhotos(_ hashes: [ContentHash], owner: AccountID) async throws -> [ContentHash] {
        guard !hashes.isEmpty else { return [] }
        var held: Set<String> = []
        try await client.rows(
            "SELECT sha256 FROM photos WHERE owner = \(owner.rawValue) AND sha256 = ANY(\(hashes.map(\.hex)))"
        ) { row in
            held.insert(try row.decode(String.self))
        }
        return hashes.filter { !held.contains($0.hex) }
    }

    package func releasePhoto(_ contentHash: ContentHash, owner: AccountID, at date: Date) async throws -> Bool {
        try await writing { connection in
            try await Self.lockBytes(contentHash, on: connection)
            try await connection.query(
                "DELETE FROM photos WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)", logger: Self.queryLogger
            )
            return try await Self.release(contentHash, at: date, on: connection)
        }
    }

    package func releaseBytes(_ contentHash: ContentHash, at date: Date) async throws -> Bool {
        try await writing { connection in
            try await Self.lockBytes(contentHash, on: connection)
            return try await Self.release(contentHash, at: date, on: connection)
        }
    }

    package func bytesRemoved(_ contentHash: ContentHash) async throws {
        try await client.rows("DELETE FROM photo_removals WHERE sha256 = \(contentHash.hex)") { _ in }
    }

    /// Inside a transaction holding ``lockBytes(_:on:)``: marks the bytes as being removed when nobody holds them.
    private static func release(_ contentHash: ContentHash, at date: Date, on connection: PostgresConnection) async throws -> Bool {
        var held = false
        for try await _ in try await connection.query("""
            SELECT 1 WHERE EXISTS (SELECT 1 FROM photos WHERE sha256 = \(contentHash.hex))
                        OR EXISTS (SELECT 1 FROM uploads WHERE sha256 = \(contentHash.hex))
            """, logger: queryLogger) { held = true }
        guard !held else { return false }
        try await connection.query("""
            INSERT INTO photo_removals (sha256, since) VALUES (\(contentHash.hex), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (sha256) DO UPDATE SET since = excluded.since
            """, logger: queryLogger)
        return true
    }

    /// Takes, until the transaction ends, the lock every instance takes before it marks these bytes as being removed
    /// or begins an upload of them, so the two never pass each other's check.
    static func lockBytes(_ contentHash: ContentHash, on connection: PostgresConnection) async throws {
        let key = PostgresUploadLocks.advisoryKey("bytes\u{0}\(contentHash.hex)")
        try await connection.query("SELECT pg_advisory_xact_lock(\(key))", logger: queryLogger)
    }

    package func usage(of owner: AccountID) async throws -> (photoBytes: Int, uploads: Int) {
        var usage = (photoBytes: 0, uploads: 0)
        try await client.rows("""
            SELECT (SELECT coalesce(sum(byte_count), 0)::bigint FROM photos WHERE owner = \(owner.rawValue)),
                   (SELECT count(*) FROM uploads WHERE owner = \(owner.rawValue))
            """) { row in
            let (bytes, uploads) = try row.decode((Int, Int).self)
            usage = (bytes, uploads)
        }
        return usage
    }

    package func sweepUploads(startedBefore date: Date) async throws -> [PartialUpload] {
        try await writing { connection in
            // One instance sweeps at a time (a transaction-scoped advisory lock); the others skip this round. Each row is
            // deleted by one sweep only, so its bytes go once.
            var sweeping = false
            for try await free in try await connection.query("SELECT pg_try_advisory_xact_lock(\(Self.sweepLock))", logger: Self.queryLogger)
                .decode(Bool.self) { sweeping = free }
            guard sweeping else { return [] }
            var swept: [PartialUpload] = []
            let rows = try await connection.query("""
                DELETE FROM uploads WHERE started_at < \(date.timeIntervalSinceReferenceDate)
                RETURNING id, owner, sha256, expected_length, upload_offset, started_at
                """, logger: Self.queryLogger)
            for try await row in rows {
                let (id, owner, sha, expectedLength, offset, started) = try row.decode((UUID, UUID, String, Int, Int, Double).self)
                swept.append(PartialUpload(
                    id: UploadID(id), owner: AccountID(owner), contentHash: try StoredRecord.contentHash(sha, table: "uploads"),
                    expectedLength: expectedLength, offset: offset, startedAt: Date(timeIntervalSinceReferenceDate: started)
                ))
            }
            return swept
        }
    }

    /// The advisory lock a sweep of unfinished uploads runs under (the bytes of "CrashAsU").
    package static let sweepLock: Int64 = 0x4372_6173_6841_7355

    // MARK: - Partial uploads

    package func partialUpload(_ contentHash: ContentHash, owner: AccountID) async throws -> PartialUpload? {
        var found: PartialUpload?
        try await client.rows("""
            SELECT id, expected_length, upload_offset, started_at FROM uploads
            WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex)
            """) { row in
            let (id, expectedLength, offset, started) = try row.decode((UUID, Int, Int, Double).self)
            found = PartialUpload(
                id: UploadID(id), owner: owner, contentHash: contentHash, expectedLength: expectedLength, offset: offset,
                startedAt: Date(timeIntervalSinceReferenceDate: started)
            )
        }
        return found
    }

    package func beginUpload(_ upload: PartialUpload, within uploads: Allowance?) async throws -> UploadID? {
        try await writing { connection in
            try await StoreSteps.beginUpload(upload, within: uploads, in: PostgresStoreTransaction(connection: connection))
        }
    }

    package func setOffset(_ offset: Int, of upload: UploadID) async throws {
        try await client.rows("UPDATE uploads SET upload_offset = \(offset) WHERE id = \(upload.rawValue)") { _ in }
    }

    package func endUpload(_ upload: UploadID) async throws {
        try await client.rows("DELETE FROM uploads WHERE id = \(upload.rawValue)") { _ in }
    }
}
