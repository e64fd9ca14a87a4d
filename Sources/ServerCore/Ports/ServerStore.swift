/// Everything the server keeps but bytes: one engine implements all ten ports (`SQLiteServerStore`,
/// `PostgresServerStore`).
package typealias ServerStore = AccountStore & CrashRecordStore & ServerReportStore & PhotoIndex & SMSStore & JobStore & ClaimStore & SessionStore & StatementLinkStore & OperationsFigures
