import Data

/// The sysexits statuses the app ends with.
enum ExitStatus {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let config: Int32 = 78
    /// 128 + the signal's number, as shells report a process ended by a signal.
    static func signal(_ number: Int32) -> Int32 { 128 + number }

    /// The status an error carries (storage errors know theirs), else 74 for a failed read or write.
    static func of(_ error: any Error) -> Int32 {
        (error as? any ExitCodeError)?.exitCode ?? ioError
    }
}
