import Crypto
import Domain
import Foundation
import OpenAPIRuntime
import ServerCore
import WireAPI

/// The JSON routes of `openapi.yaml`, on the generated server: each decodes, calls a service or a port for the
/// calling account, and encodes. Errors are thrown as facts; ``ProblemMiddleware`` answers them.
package struct APIHandler: APIProtocol {
    package let services: ServerServices

    package func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        .ok(.init(body: .json(.init(status: .pass, version: ProductVersion.current))))
    }

    package func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        let (ready, body) = await readiness()
        return ready ? .ok(.init(body: .json(body))) : .serviceUnavailable(.init(body: .json(body)))
    }

    package func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let (ready, body) = await readiness()
        return ready ? .ok(.init(body: .json(body))) : .serviceUnavailable(.init(body: .json(body)))
    }

    private func readiness() async -> (ready: Bool, body: Components.Schemas.Readiness) {
        let readiness = await services.watch.readiness()
        return (readiness.status != .fail, Components.Schemas.Readiness(readiness, reasons: false))
    }

    package func describeProblemType(_ input: Operations.DescribeProblemType.Input) async throws -> Operations.DescribeProblemType.Output {
        guard let type = ProblemType(rawValue: input.path.name) else {
            throw APIProblem(.notFound, "There is no problem type “\(input.path.name.prefix(64))”; the API document lists them (ProblemType).")
        }
        return .ok(.init(body: .plainText(HTTPBody("\(type.uri): \(type.title) (HTTP \(type.status.code)).\n\(type.explanation)\n"))))
    }

    // MARK: - Crash IDs and crash events

    package func getAccount(_ input: Operations.GetAccount.Input) async throws -> Operations.GetAccount.Output {
        guard let account = Caller.current else { throw APIProblem.unauthorized("Send the account's token as `Authorization: Bearer <token>`.") }
        let kind: Components.Schemas.AccountInfo.KindPayload = switch account.kind {
        case .user: .user
        case .detector: .detector
        case .handler: .handler
        }
        return .ok(.init(body: .json(.init(accountId: account.id.description, name: account.name, kind: kind))))
    }

    package func createCrashID(_ input: Operations.CreateCrashID.Input) async throws -> Operations.CreateCrashID.Output {
        let user = try Caller.user()
        let crashID = try await services.crashIDs.issue(to: user.id)
        return .created(.init(body: .json(.init(crashId: crashID.rawValue))))
    }

    package func postCrashEvent(_ input: Operations.PostCrashEvent.Input) async throws -> Operations.PostCrashEvent.Output {
        let detector = try Caller.detector()
        guard case let .json(event) = input.body else { throw APIProblem.badParameter("body", "Send the crash event as JSON.") }
        guard input.headers.idempotencyKey == event.eventId else {
            throw APIProblem.badParameter("Idempotency-Key", "Idempotency-Key must be the event's eventId, “\(event.eventId.prefix(128))”.")
        }
        let crash = try DetectedCrash(wire: event)
        let drivers: [CrashDriver] = [
            event.user.map(CrashDriver.named), event.customerReference.map { .referenced(.customer($0)) },
            event.policyReference.map { .referenced(.policy($0)) },
        ].compactMap { $0 }
        guard drivers.count == 1, let driver = drivers.first else {
            throw APIProblem.badParameter("user", "Name the crash's driver once: by user, customerReference or policyReference.")
        }
        let (receipt, isNew, queued) = try await services.crashEvents.receive(crash, for: driver, from: detector)
        // A new event's message is the one it queued; a repeat's is read as it stands now.
        let message = isNew ? queued : try await services.messages.smsMessages(crashID: receipt.crashID).last
        let body = Components.Schemas.CrashEventReceipt(
            crashId: receipt.crashID.rawValue,
            reportId: receipt.reportID.description,
            webLink: services.links.webLink(for: receipt.crashID),
            appLink: services.links.appLink(for: receipt.crashID),
            sms: message.map { message in
                Components.Schemas.SMSStatus(
                    state: .init(rawValue: message.state.rawValue) ?? .queued, to: message.recipient.masked, detail: message.detail
                )
            } ?? Components.Schemas.SMSStatus(
                state: .notSent,
                detail: "The user has no phone number, so no SMS was sent; add one with `crash-assistant-server user set-phone \(event.user.map { String($0.prefix(100)) } ?? "NAME") +…`."
            )
        )
        return isNew ? .created(.init(body: .json(body))) : .ok(.init(body: .json(body)))
    }

    // MARK: - SMS

    // Delivery reports come once for every SMS sent, so they are a route of their own (``DeliveryReportRoute``); the
    // generated route is never registered, and this is never called.
    package func reportSMSDelivery(_ input: Operations.ReportSMSDelivery.Input) async throws -> Operations.ReportSMSDelivery.Output {
        throw APIProblem(.internalError, "GET /v1/sms/{messageId}/delivery is served by DeliveryReportRoute.")
    }

    // Replies are read from the query as the gateway writes it (``SMSReplyRoute``): a route of their own, as delivery
    // reports are; this is never called.
    package func receiveSMSReply(_ input: Operations.ReceiveSMSReply.Input) async throws -> Operations.ReceiveSMSReply.Output {
        throw APIProblem(.internalError, "GET /v1/sms/replies is served by SMSReplyRoute.")
    }

    // MARK: - Reports

    package func listReports(_ input: Operations.ListReports.Input) async throws -> Operations.ListReports.Output {
        let user = try Caller.user()
        let limit = try Self.pageLimit(input.query.limit, default: ServerLimits.reportsPerPage)
        let position = try Self.position(input.query.cursor, ReportPosition.init(cursor:))
        // One more than the page, to know whether another follows.
        let reports = try await services.reports.reports(owner: user.id, after: position, limit: limit + 1)
        let page = reports.prefix(limit)
        let next = reports.count > limit ? page.last.map { ReportPosition(of: $0).cursor } : nil
        return .ok(.init(body: .json(.init(reports: page.map(Components.Schemas.Report.init), nextCursor: next))))
    }

    // `getReport` and `listChanges` serve stored JSON as it is, so they are routes of their own (``StoredReadRoutes``);
    // their generated routes are never registered, and these two are never called.
    package func getReport(_ input: Operations.GetReport.Input) async throws -> Operations.GetReport.Output {
        throw APIProblem(.internalError, "GET /v1/reports/{reportID} is served by StoredReadRoutes.")
    }

    package func listChanges(_ input: Operations.ListChanges.Input) async throws -> Operations.ListChanges.Output {
        throw APIProblem(.internalError, "GET /v1/changes is served by StoredReadRoutes.")
    }

    package func putReport(_ input: Operations.PutReport.Input) async throws -> Operations.PutReport.Output {
        let user = try Caller.user()
        let id = try Self.reportID(input.path.reportID)
        guard case let .json(wire) = input.body else { throw APIProblem.badParameter("body", "Send the report as JSON.") }
        let report = try CrashReport(wire: wire)
        guard report.id == id else {
            throw APIProblem.badParameter("id", "The report's id \(report.id) is not the \(id) in the path.")
        }
        let (stored, created) = try await services.keeping.put(report, owner: user, knowsParties: wire.parties != nil)
        let body = Components.Schemas.Report(stored)
        return created ? .created(.init(body: .json(body))) : .ok(.init(body: .json(body)))
    }

    package func deleteReport(_ input: Operations.DeleteReport.Input) async throws -> Operations.DeleteReport.Output {
        let user = try Caller.user()
        let id = try Self.reportID(input.path.reportID)
        guard let deleted = try await services.reports.delete(id, owner: user.id) else { throw APIProblem.reportNotFound(id) }
        try await services.erasure.afterDeleting(deleted, owner: user.id)
        return .noContent(.init())
    }

    package func submitReport(_ input: Operations.SubmitReport.Input) async throws -> Operations.SubmitReport.Output {
        let user = try Caller.user()
        let id = try Self.reportID(input.path.reportID)
        let report = try await services.submission.submit(id, owner: user)
        return .ok(.init(body: .json(.init(report))))
    }

    package func createStatementLink(_ input: Operations.CreateStatementLink.Input) async throws -> Operations.CreateStatementLink.Output {
        let user = try Caller.user()
        let pair = try input.query.party.map { text throws(APIProblem) -> StatementPair in
            guard let id = UUID(uuidString: text) else { throw .badParameter("party", "“\(text.prefix(64))” is not a party's id (a UUID).") }
            return .vehicle(PartyID(id))
        } ?? .b
        let link = try await services.statementSharing.create(for: try Self.reportID(input.path.reportID), pair: pair, owner: user.id)
        let url = services.links.publicURL + StatementPaths.prefix + link.token
        return .created(.init(body: .json(.init(url: url, expiresAt: link.expiresAt))))
    }

    // MARK: - Parameters

    /// The page size asked for, or `standard`, checked against the most a page holds.
    package static func pageLimit(_ asked: Int?, default standard: Int) throws(APIProblem) -> Int {
        let limit = asked ?? standard
        guard (1...ServerLimits.maximumReportsPerPage).contains(limit) else {
            throw .badParameter("limit", "limit must be from 1 to \(ServerLimits.maximumReportsPerPage).")
        }
        return limit
    }

    /// The position a page's cursor names, read by `read`; `nil` without one.
    package static func position<Position>(_ cursor: String?, _ read: (String) -> Position?) throws(APIProblem) -> Position? {
        guard let cursor else { return nil }
        guard let position = read(cursor) else {
            throw .badParameter("cursor", "“\(cursor.prefix(64))” is not a cursor this server gave; start again without one.")
        }
        return position
    }

    package static func reportID(_ text: String) throws(APIProblem) -> ReportID {
        guard let id = ReportID(uuidString: text) else {
            throw .badParameter("reportID", "“\(text.prefix(64))” is not a report id (a UUID such as 7c0e6a1e-8f4e-4c43-9a55-2f4a0c1d9b7e).")
        }
        return id
    }
}

extension DetectedCrash {
    /// The event as the detector sent it, its values checked.
    package init(wire: Components.Schemas.CrashEvent) throws(APIProblem) {
        let position: Coordinate
        do {
            position = try Coordinate(latitude: wire.position.latitude, longitude: wire.position.longitude)
        } catch {
            throw .badParameter("position", "The position must be a latitude from -90 to 90 and a longitude from -180 to 180.")
        }
        let detection: CrashDetection
        do {
            detection = try CrashDetection(
                detectedAt: wire.detectedAt, position: position, accuracyMeters: wire.position.accuracyMeters,
                positionTrusted: wire.position.trusted, headingDegrees: wire.headingDegrees, speedKmh: wire.speedKmh,
                deltaVKmh: wire.deltaVKmh, airbagsDeployed: wire.airbagsDeployed, rollover: wire.rollover, isTest: wire.test
            )
        } catch {
            let field = error.field == "accuracyMeters" ? "position.accuracyMeters" : error.field
            throw .badParameter(field, "\(field) is out of its range (see the API document).")
        }
        if let minutes = wire.utcOffsetMinutes, !CrashScene.utcOffsetRange.contains(minutes) {
            throw .badParameter("utcOffsetMinutes", "utcOffsetMinutes must be from -1080 to 1080 (minutes east of UTC).")
        }
        let eventID = wire.eventId
        let allowed = eventID.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || ".:_-".utf8.contains(byte)
        }
        guard (1...128).contains(eventID.utf8.count), allowed else {
            throw .badParameter("eventId", "eventId must be 1–128 letters, digits, '.', ':', '_' or '-'.")
        }
        if let user = wire.user, user.isEmpty || TextLimit.accountName.problem(with: user) != nil {
            throw .badParameter("user", "user must be the name a user was added with (1–\(TextLimit.accountName.characters) characters of plain text).")
        }
        for (field, reference) in [("customerReference", wire.customerReference), ("policyReference", wire.policyReference)] {
            if let reference, case .failure = InsurerReferences.checked(reference) {
                throw .badParameter(field, "\(field) must be 1–\(InsurerReferences.maximumLength) letters, digits, spaces or - _ . / : #.")
            }
        }
        // The event in one canonical form (sorted keys, the wire's dates): its digest tells a repeat from another event.
        let canonical = (try? WireCoding.encoder().encode(wire)) ?? Data()
        self.init(
            eventID: eventID, detection: detection, utcOffsetMinutes: wire.utcOffsetMinutes,
            digest: lowercaseHex(SHA256.hash(data: canonical))
        )
    }
}

extension Components.Schemas.Readiness {
    /// - Parameter reasons: whether each failure's own words are given (on the private metrics listener only).
    init(_ readiness: Readiness, reasons: Bool) {
        self.init(
            status: .init(rawValue: readiness.status.rawValue) ?? .fail, version: ProductVersion.current,
            checks: readiness.checks.map { check in
                Components.Schemas.HealthCheck(
                    name: .init(rawValue: check.name.rawValue) ?? .database, status: .init(rawValue: check.status.rawValue) ?? .fail,
                    output: check.output, essential: check.essential, observedValue: check.observedValue,
                    observedUnit: check.observedUnit.flatMap { .init(rawValue: $0) }, reason: reasons ? check.reason : nil
                )
            }
        )
    }
}
