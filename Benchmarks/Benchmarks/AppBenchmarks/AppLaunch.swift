import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts the built `crash-assistant` as a process (posix_spawn, no shell) with its input already waiting in a pipe,
/// reads what it prints, and waits for it to end.
enum AppLaunch {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the app once.
    /// - Parameters:
    ///   - input: what the driver types, all of it waiting before the app starts (input ends after it).
    ///   - marker: text whose first appearance on standard output calls `onMarker` (e.g. the first screen's last line).
    ///   - onMarker: called once, as soon as `marker` has been read.
    /// - Returns: everything the app printed.
    @discardableResult
    static func run(
        binary: String, arguments: [String], environment: [String: String], input: String,
        marker: String, onMarker: () -> Void
    ) throws -> String {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0, pipe(&outputPipe) == 0 else {
            throw Failed(description: "pipe failed: \(String(cString: strerror(errno)))")
        }
        // The child gets them only as its standard input and output (dup2 clears the flag on the copies).
        for descriptor in inputPipe + outputPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let typed = Array(input.utf8)
        guard typed.withUnsafeBytes({ Glibc.write(inputPipe[1], $0.baseAddress, $0.count) }) == typed.count else {
            throw Failed(description: "the input does not fit the pipe")
        }
        close(inputPipe[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)

        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            throw Failed(description: "\(binary) could not be started: \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        let wanted = Array(marker.utf8)
        var seen = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputPipe[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let searchFrom = max(0, output.count - wanted.count)
            output.append(contentsOf: buffer[0..<count])
            if !seen, contains(output[searchFrom...], wanted) {
                seen = true
                onMarker()
            }
        }
        close(outputPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = String(decoding: output, as: UTF8.self)
        // WIFEXITED / WEXITSTATUS
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failed(description: "\(binary) ended with status \(status): \(text.suffix(500))")
        }
        guard seen else { throw Failed(description: "\(binary) never printed “\(marker)”: \(text.suffix(500))") }
        return text
    }

    private static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
