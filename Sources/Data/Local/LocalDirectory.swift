import Foundation
import Storage

/// Creates the folders local data lives in.
enum LocalDirectory {
    /// Creates `path` and any missing parents; the folders it creates get `permissions`. An existing folder is
    /// left as it is. Then checks that files can be created in it.
    /// - Throws: `StorageError.directoryNotCreatable` or `.directoryNotWritable`, naming the folder and why.
    static func create(_ path: String, permissions: mode_t) throws(StorageError) {
        var components: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !isDirectory(current) {
            components.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for folder in components.reversed() {
            if mkdir(folder, permissions) != 0 {
                let code = errno
                if code == EEXIST, isDirectory(folder) { continue }
                let reason = code == EEXIST || code == ENOTDIR
                    ? "\(firstNonFolder(on: folder) ?? folder) is a file, not a folder"
                    : String(cString: strerror(code))
                throw .directoryNotCreatable(path: path, reason: reason)
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .directoryNotWritable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The first part of the path that exists but is not a folder.
    private static func firstNonFolder(on path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            var status = stat()
            if stat(prefix, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return prefix }
        }
        return nil
    }
}
