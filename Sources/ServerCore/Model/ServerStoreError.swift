import Domain

/// What a server store refused, as facts; the HTTP edge chooses the status and the words.
package enum ServerStoreError: Error, Sendable, Hashable {
    /// An account of this kind already has the name.
    case nameTaken(String, kind: Account.Kind)
    /// Another user has this customer reference (it names one user).
    case customerReferenceTaken(String)
    /// The crash ID was issued before (a new one should be drawn).
    case crashIDTaken(CrashID)
    /// No such report of the caller's.
    case reportNotFound(ReportID)
    /// A stored record cannot be read back (damaged, or written by a newer program).
    case damagedRecord(table: String, reason: String)
}
