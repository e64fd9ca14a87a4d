#if canImport(Glibc)
import Glibc
#endif
import Logging

/// The process's limit on open files, raised at start so that `--max-connections` sockets, the database and the blobs
/// fit: a server that runs out of descriptors refuses everyone, not only the excess.
enum FileLimit {
    /// Descriptors kept beside the connections: the database, blobs being read and written, the listener, logs.
    static let reserve = 256

    static func raise(toHold connections: Int, logger: Logger) {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = rlim_t(connections + reserve)
        guard limit.rlim_cur < wanted else { return }
        let raised = min(wanted, limit.rlim_max)
        var new = limit
        new.rlim_cur = raised
        if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &new) != 0 || raised < wanted {
            logger.warning(
                "the open-file limit is lower than --max-connections needs; connections past it are refused",
                metadata: ["limit": "\(raised)", "needed": "\(wanted)"]
            )
        }
    }
}
