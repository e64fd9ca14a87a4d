import CLibFuzzer
import Foundation

/// Runs libFuzzer and what every target shares: the input as bytes or text, and checks whose failure is a finding.
public enum Fuzz {
    // MARK: - Running

    /// Hands the process's arguments to libFuzzer and runs `testOneInput` until it stops; never returns.
    /// `testOneInput` is the target's exported `LLVMFuzzerTestOneInput`.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    // MARK: - Inputs

    /// The input as bytes (copied: the parsers take `Data`).
    public static func data(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let start, count > 0 else { return Data() }
        return Data(bytes: start, count: count)
    }

    /// The input as text, invalid UTF-8 repaired as `readLine` repairs what the app reads.
    public static func text(_ start: UnsafePointer<UInt8>?, _ count: Int) -> String {
        guard let start, count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    // MARK: - Checks

    /// Stops the run with a finding when a property does not hold: a wrong answer is a bug like a crash is.
    /// libFuzzer saves the input that made it happen (`crash-…`).
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        FileHandle.standardError.write(Data("property failed at \(file):\(line): \(message())\n".utf8))
        abort()
    }
}
