import Domain

/// One request at a time per upload, in this process: a second request for the same user's same bytes waits until the
/// first has finished, so two appends never interleave. The embedded default of ``UploadLocking``.
package actor UploadLocks: UploadLocking {
    private struct Key: Hashable {
        let owner: AccountID
        let contentHash: ContentHash
    }

    package init() {}

    private var held: Set<Key> = []
    private var waiting: [Key: [CheckedContinuation<Void, Never>]] = [:]

    package func withLock<Result: Sendable>(
        owner: AccountID, contentHash: ContentHash, _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        let key = Key(owner: owner, contentHash: contentHash)
        await acquire(key)
        defer { release(key) }
        return try await body()
    }

    private func acquire(_ key: Key) async {
        guard held.contains(key) else {
            held.insert(key)
            return
        }
        await withCheckedContinuation { continuation in
            waiting[key, default: []].append(continuation)
        }
    }

    private func release(_ key: Key) {
        if var queue = waiting[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[key] = queue.isEmpty ? nil : queue
            next.resume()  // the lock passes straight to the next waiter
        } else {
            held.remove(key)
        }
    }
}
