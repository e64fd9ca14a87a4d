import Domain
@testable import Server
import TestSupport

/// A server store made for one test, keeping its temporary folder alive as long as it is.
struct ServerStoreUnderTest: Sendable {
    typealias Store = AccountStore & CrashRecordStore & ServerReportStore & PhotoIndex

    let store: any Store
    let directory: TemporaryDirectory
    /// Replaces the stored body of the owner's report with `body`, bypassing the store, as damage would.
    let damageReport: @Sendable (_ id: ReportID, _ owner: AccountID, _ body: String) async throws -> Void
}
