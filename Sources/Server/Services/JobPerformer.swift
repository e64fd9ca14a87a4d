import Domain
import Foundation
import Logging

/// Does a ``ServerJob``: sends an SMS.
struct JobPerformer: Sendable {
    let sms: any SMSSender
    let logger: Logger

    func perform(_ job: ServerJob) async throws {
        switch job {
        case let .sendSMS(message):
            do {
                try await sms.send(message)
                ServerMetrics.job("sms", failed: false)
            } catch {
                ServerMetrics.job("sms", failed: true)
                throw error
            }
        }
    }
}
