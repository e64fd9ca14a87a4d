import Domain

/// Links to column B of a statement from the crash-report server. A draft (or a vehicle on it) the server does not
/// hold yet is sent first (one sync pass), then the link asked for again.
public struct ServerStatementLinks: StatementLinkMaker {
    let client: ServerClient
    let sync: SyncEngine

    public init(client: ServerClient, sync: SyncEngine) {
        self.client = client
        self.sync = sync
    }

    public func makeLink(for reportID: ReportID, pair: StatementPair) async throws -> StatementShareLink {
        do {
            return try await client.statementLink(for: reportID, pair: pair)
        } catch where error.problemType == .reportNotFound || error.problemType == .partyNotFound {
            _ = await sync.syncOnce()
            do {
                return try await client.statementLink(for: reportID, pair: pair)
            } catch {
                throw Self.linkError(error)
            }
        } catch {
            throw Self.linkError(error)
        }
    }

    static func linkError(_ failure: ServerFailure) -> StatementLinkError {
        switch failure {
        case let .refused(_, type, detail, _):
            switch type {
            case .reportNotFound?, .partyNotFound?: .notOnServerYet
            case .reportCompleted?: .completed
            default: .refused(detail)
            }
        case let .unreachable(server, reason): .unavailable("\(server) could not be reached (\(reason))")
        case let .serverError(server, status): .unavailable("\(server) failed (HTTP \(status))")
        case let .busy(server, retryAfter): .unavailable("\(server) asks to wait \(retryAfter) s")
        case let .tokenRefused(server): .refused("\(server) refused the token")
        case .otherAccount: .refused("the token opens another account than this data folder's")
        case .notADriversToken: .refused("the token is not a driver's")
        case let .localStore(reason): .unavailable("the device's store failed (\(reason))")
        case let .invalidAnswer(server, reason): .unavailable("\(server) answered something unexpected (\(reason))")
        }
    }
}
