import Domain
import Foundation
import Storage

/// The server account this folder belongs to (`server_account`, one row at most).
extension SQLiteReportRepository: AccountBinding {
    public func boundAccount() throws -> ServerAccount? {
        try database.read { connection in try Self.boundAccount(in: connection) }
    }

    public func bind(to account: ServerAccount) throws -> ServerAccount {
        try database.write { connection in
            if let bound = try Self.boundAccount(in: connection) { return bound }
            let insert = try connection.statement("""
                INSERT INTO server_account (singleton, account_id, name, server, bound_at) VALUES (1, \(account.id), \(account.name),
                    \(account.server), \(Date().timeIntervalSinceReferenceDate))
                """)
            defer { insert.reset() }
            _ = try insert.step()
            return account
        }
    }

    private static func boundAccount(in connection: SQLiteConnection) throws -> ServerAccount? {
        let query = try connection.statement("SELECT account_id, name, server FROM server_account WHERE singleton = 1")
        defer { query.reset() }
        guard try query.step() else { return nil }
        return ServerAccount(id: query.string(0), name: query.string(1), server: query.string(2))
    }
}
