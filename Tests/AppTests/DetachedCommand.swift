import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command that may leave a daemon behind (tmux's server) so that the daemon inherits nothing
/// of the test process: standard input and error are /dev/null, standard output a file or /dev/null,
/// every other descriptor closed. (A daemon holding an inherited descriptor would keep `Process`
/// waiting for ever.)
enum DetachedCommand {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc 2.34+ closes every descriptor from 3 on in the child; elsewhere each open one is closed by number.
    private static func closeEveryOtherDescriptor(_ actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, 3) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// - Returns: what the command printed, when `capturing`.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], capturing: Bool = false) throws -> String {
        let outputPath = capturing
            ? FileManager.default.temporaryDirectory.appendingPathComponent("detached-\(UUID().uuidString).out").path
            : "/dev/null"
        defer { if capturing { unlink(outputPath) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeEveryOtherDescriptor(&actions)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // Signals the test process blocks or ignores would be inherited, and tmux could not end its panes.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        OwnThreadsExecutor.expectCurrent("Running \(path)")
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "could not start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard capturing else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}
