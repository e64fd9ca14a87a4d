import Domain
import Foundation
import Logging

/// Does a ``ServerJob``: hands an SMS message to the gateway and records that it took it.
struct JobPerformer: Sendable {
    let sms: any SMSSender
    let messages: any SMSStore
    let clock: any Clock
    let logger: Logger

    func perform(_ job: ServerJob) async throws {
        switch job {
        case let .sendSMS(id):
            guard let message = try await messages.smsMessage(id) else {
                // Erased (a data-protection request) before it was sent: nothing to send.
                logger.info("an SMS job's message is gone; nothing sent", metadata: ["message": "\(id)"])
                return
            }
            // Taken by the gateway before (this job's earlier try recorded it): never sent twice from here.
            guard message.state == .queued else { return }
            let handOff: SMSHandOff
            do {
                handOff = try await sms.send(message)
                ServerMetrics.job("sms", failed: false)
            } catch {
                ServerMetrics.job("sms", failed: true)
                throw error
            }
            _ = try await messages.updateSMS(id, to: .accepted, detail: handOff.detail, at: clock.now())
            logger.info("SMS handed to the gateway", metadata: [
                "crash-id": "\(message.crashID)", "to": "\(message.recipient.masked)", "gateway": "\(handOff.detail)",
            ])
        }
    }

    /// Records that the job will not be tried again, on what it was about.
    func gaveUp(on job: ServerJob, reason: String) async {
        switch job {
        case let .sendSMS(id):
            _ = try? await messages.updateSMS(id, to: .failed, detail: "not taken by the gateway: \(reason)", at: clock.now())
        }
    }
}
