import Data
import Domain

/// The sysexits statuses the app ends with.
enum ExitStatus {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let unavailable: Int32 = 69
    static let tempFail: Int32 = 75
    static let noPermission: Int32 = 77
    static let config: Int32 = 78
    /// 128 + the signal's number, as shells report a process ended by a signal.
    static func signal(_ number: Int32) -> Int32 { 128 + number }

    /// The status for an error: storage failures by their kind, 69 `EX_UNAVAILABLE` when the PDF's drawing library
    /// cannot be loaded, else 74 for a failed read or write.
    static func of(_ error: any Error) -> Int32 {
        if let failure = error as? ServerFailure { return of(failure) }
        if case .libraryMissing? = (error as? any RenderFailureReporting)?.renderFailure { return unavailable }
        guard let failure = (error as? any StorageFailureReporting)?.storageFailure else { return ioError }
        return of(failure)
    }

    /// 69 `EX_UNAVAILABLE` when the server cannot be reached or fails, 75 `EX_TEMPFAIL` when it asks to wait, 77
    /// `EX_NOPERM` when it refuses the token, 65 `EX_DATAERR` when it refuses the data or answers something unusable,
    /// 78 `EX_CONFIG` when the token opens another account than the data folder's, 74 `EX_IOERR` when the store failed.
    static func of(_ failure: ServerFailure) -> Int32 {
        switch failure {
        case .unreachable, .serverError: unavailable
        case .busy: tempFail
        case .tokenRefused: noPermission
        case .refused, .invalidAnswer: dataError
        case .otherAccount, .notADriversToken: config
        case .localStore: ioError
        }
    }

    /// 65 `EX_DATAERR` for a file that is not (or no longer) a database the app can use, 73 `EX_CANTCREAT` for a
    /// folder that cannot be created or written, 75 `EX_TEMPFAIL` when busy, 78 `EX_CONFIG` when no place is
    /// known, else 74 `EX_IOERR`.
    static func of(_ failure: StorageFailure) -> Int32 {
        switch failure.kind {
        case .noLocation: config
        case .folderNotCreatable, .folderNotWritable: cannotCreate
        case .notADatabase, .foreignDatabase, .newerLayout, .damagedRecord, .damaged: dataError
        case .busy: tempFail
        case .diskFull, .notWritable, .readWrite, .photoFile, .other: ioError
        }
    }
}
