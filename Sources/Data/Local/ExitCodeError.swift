/// An error that knows the sysexits code a command should end with after it (`StorageError`, `SQLiteError`,
/// `PhotoStoreError`), so the app can exit with `(error as? any ExitCodeError)?.exitCode ?? 1`.
public protocol ExitCodeError: Error, CustomStringConvertible {
    var exitCode: Int32 { get }
}
