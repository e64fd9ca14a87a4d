import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on the database's folder held while a database is opened, so programs opening the same
/// database at once set it up one after the other. Best effort: where the folder cannot be locked, or the
/// turn does not come in time, opening goes ahead and SQLite's own locking still protects the file.
struct OpeningTurn {
    private let descriptor: Int32

    init(folder: String, waitingAtMost timeout: Duration) {
        descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let deadline = ContinuousClock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else { return }
            usleep(2_000)
        }
    }

    /// Gives the turn to the next program.
    func end() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
