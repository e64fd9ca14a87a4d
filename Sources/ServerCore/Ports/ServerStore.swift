/// Everything the server keeps but bytes: one engine implements all eleven ports (`SQLiteServerStore`,
/// `PostgresServerStore`).
package typealias ServerStore = AccountStore & CrashRecordStore & ServerReportStore & PhotoIndex & SMSStore & SMSReplyStore & JobStore & ClaimStore & SessionStore & StatementLinkStore & OperationsFigures
