import Domain
import Foundation

/// Issues server crash IDs: `CA-` and ten readable characters (never the form of a locally issued ID),
/// recorded as issued to one user; a drawn ID issued before is drawn again.
package struct CrashIDIssuing: Sendable {
    package static let prefix = "CA-"
    package static let length = 10

    package let records: any CrashRecordStore
    package let quotas: QuotaCheck
    package let clock: any Clock

    /// A new crash ID, recorded as the owner's, within the owner's rate.
    package func issue(to owner: AccountID) async throws -> CrashID {
        try await quotas.checkCrashID(owner: owner)
        return try await withNewCrashID { crashID in
            try await records.recordCrashID(crashID, owner: owner, at: clock.now(), within: quotas.crashIDs)
            return crashID
        }
    }

    /// Runs `body` with new crash IDs until one is not taken (for records that issue the ID themselves).
    package func withNewCrashID<Result>(_ body: (CrashID) async throws -> Result) async throws -> Result {
        for _ in 0..<ServerLimits.crashIDAttempts {
            do {
                return try await body(Self.draw())
            } catch ServerStoreError.crashIDTaken {
                continue
            }
        }
        throw ReportError.crashIDUnavailable(attempts: ServerLimits.crashIDAttempts)
    }

    package static func draw() -> CrashID {
        var generator = SystemRandomNumberGenerator()
        let body = String((0..<length).map { _ in CrashID.localAlphabet.randomElement(using: &generator) ?? "X" })
        // Letters, digits and '-' only: always a valid crash ID.
        return (try? CrashID(validating: prefix + body)) ?? CrashID.local(using: &generator)
    }
}
