import Domain
import Foundation

extension Components.Schemas.ClaimStatusFacts {
    public init(_ status: ClaimStatus) {
        self.init(status: Components.Schemas.ClaimStatusKind(rawValue: status.kind.rawValue) ?? .received)
        switch status {
        case .received, .closed, .reopened:
            break
        case let .assigned(name, phone):
            self.name = name
            self.phone = phone
        case let .inspectionBooked(at, place):
            self.at = at
            self.place = place
        case let .estimate(money), let .payment(money):
            amount = money.amount
            currency = money.currency
        case let .responsibilityAssessed(percent):
            self.percent = percent
        case let .vehicleAt(repairer, address):
            self.repairer = repairer
            self.address = address
        }
    }
}

extension ClaimStatus {
    /// Rebuilds a step's facts from the wire: each kind takes the fields it names, and refuses any other.
    /// - Throws: ``InvalidReportData`` naming the field (`status.name`, `status.amount`, …).
    public init(wire: Components.Schemas.ClaimStatusFacts) throws(InvalidReportData) {
        guard let kind = ClaimStatus.Kind(rawValue: wire.status.rawValue) else {
            throw InvalidReportData(field: "status.status", problem: .invalid(wire.status.rawValue))
        }
        let given: [(String, Bool)] = [
            ("name", wire.name != nil), ("phone", wire.phone != nil), ("at", wire.at != nil), ("place", wire.place != nil),
            ("amount", wire.amount != nil), ("currency", wire.currency != nil), ("percent", wire.percent != nil),
            ("repairer", wire.repairer != nil), ("address", wire.address != nil),
        ]
        let takes: Set<String> = switch kind {
        case .received, .closed, .reopened: []
        case .assigned: ["name", "phone"]
        case .inspectionBooked: ["at", "place"]
        case .estimate, .payment: ["amount", "currency"]
        case .responsibilityAssessed: ["percent"]
        case .vehicleAt: ["repairer", "address"]
        }
        for (field, present) in given {
            if present, !takes.contains(field) { throw InvalidReportData(field: "status.\(field)", problem: .unexpected) }
            if !present, takes.contains(field) { throw InvalidReportData(field: "status.\(field)", problem: .missing) }
        }
        func money() throws(InvalidReportData) -> Money {
            guard let money = Money(amount: wire.amount ?? "", currency: wire.currency ?? "") else {
                throw InvalidReportData(field: "status.amount", problem: .invalid("an amount is digits with at most two decimals after a point, such as 1234.50"))
            }
            return money
        }
        self = switch kind {
        case .received: .received
        case .closed: .closed
        case .reopened: .reopened
        case .assigned: .assigned(name: wire.name ?? "", phone: wire.phone ?? "")
        case .inspectionBooked: .inspectionBooked(at: wire.at ?? .distantPast, place: wire.place ?? "")
        case .estimate: .estimate(try money())
        case .payment: .payment(try money())
        case .responsibilityAssessed: .responsibilityAssessed(percent: wire.percent ?? -1)
        case .vehicleAt: .vehicleAt(repairer: wire.repairer ?? "", address: wire.address ?? "")
        }
    }
}

extension Components.Schemas.ClaimStatusUpdate {
    public init(_ update: ClaimStatusUpdate) {
        self.init(
            value1: Components.Schemas.ClaimStatusFacts(update.status),
            value2: .init(note: update.note, recordedAt: update.recordedAt, handler: update.handler)
        )
    }
}

extension ClaimStatusUpdate {
    /// Rebuilds a step of the claim received or stored as its wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field, under `status`.
    public init(wire: Components.Schemas.ClaimStatusUpdate) throws(InvalidReportData) {
        try self.init(
            status: try ClaimStatus(wire: wire.value1), note: wire.value2.note, recordedAt: wire.value2.recordedAt, handler: wire.value2.handler
        )
    }
}
