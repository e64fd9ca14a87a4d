import Domain
import Foundation

/// The accident statement on the wire, and back through its rules (each value read as if typed, so nothing crosses
/// the network that the app would refuse).
extension Components.Schemas.AccidentStatement {
    public init(_ statement: AccidentStatement) {
        self.init(
            vehicleA: statement.vehicleA.isEmpty ? nil : Components.Schemas.StatementVehicle(statement.vehicleA),
            vehicleB: statement.vehicleB.isEmpty && statement.vehicleB.enteredByOtherDriverAt == nil
                ? nil : Components.Schemas.StatementVehicle(statement.vehicleB),
            witnesses: statement.witnesses.isEmpty ? nil : statement.witnesses.map {
                Components.Schemas.Witness(name: $0.name.nonEmpty, address: $0.address.nonEmpty, phone: $0.phone?.e164)
            },
            police: statement.police.map {
                Components.Schemas.PoliceAttendance(attended: $0.attended, reportNumber: $0.reportNumber.nonEmpty, station: $0.station.nonEmpty)
            },
            otherPropertyDamage: statement.otherPropertyDamage.nonEmpty
        )
    }
}

extension AccidentStatement {
    /// Rebuilds a statement received or stored as its wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field under `statement` (`statement.vehicleB.plate`, `statement.witnesses[1].phone`).
    public init(wire: Components.Schemas.AccidentStatement) throws(InvalidReportData) {
        var witnesses: [Witness] = []
        for (index, witness) in (wire.witnesses ?? []).enumerated() {
            do {
                witnesses.append(try Witness(name: witness.name ?? "", address: witness.address ?? "", phone: witness.phone ?? ""))
            } catch {
                throw InvalidReportData(field: "statement.witnesses[\(index)]", problem: error.problem)
            }
        }
        let police: PoliceAttendance?
        do {
            police = try wire.police.map { police throws(StatementFieldError) in
                try PoliceAttendance(attended: police.attended, reportNumber: police.reportNumber ?? "", station: police.station ?? "")
            }
        } catch {
            throw InvalidReportData(field: "statement.police", problem: error.problem)
        }
        try self.init(
            vehicleA: try wire.vehicleA.map { v throws(InvalidReportData) in try StatementVehicle(wire: v, field: "statement.vehicleA") } ?? StatementVehicle(),
            vehicleB: try wire.vehicleB.map { v throws(InvalidReportData) in try StatementVehicle(wire: v, field: "statement.vehicleB") } ?? StatementVehicle(),
            witnesses: witnesses, police: police, otherPropertyDamage: wire.otherPropertyDamage ?? ""
        )
    }
}

extension Components.Schemas.StatementVehicle {
    public init(_ vehicle: StatementVehicle) {
        func text(_ field: VehicleField) -> String? { vehicle[field] }
        let policyholder = Components.Schemas.StatementVehicle.PolicyholderPayload(
            name: text(.policyholderName), address: text(.policyholderAddress), phone: text(.policyholderPhone),
            email: text(.policyholderEmail)
        )
        let car = Components.Schemas.StatementVehicle.VehiclePayload(
            makeAndModel: text(.makeAndModel), plate: text(.plate), plateCountry: text(.plateCountry),
            trailerPlate: text(.trailerPlate), trailerCountry: text(.trailerCountry)
        )
        let insurance = Components.Schemas.StatementVehicle.InsurancePayload(
            insurer: text(.insurer), policyNumber: text(.policyNumber), greenCardNumber: text(.greenCardNumber),
            validFrom: text(.insuranceValidFrom), validUntil: text(.insuranceValidUntil),
            ownDamageCovered: text(.ownDamageCovered).map { $0 == "yes" }
        )
        let driver = Components.Schemas.StatementVehicle.DriverPayload(
            name: text(.driverName), dateOfBirth: text(.driverDateOfBirth), address: text(.driverAddress),
            licenceNumber: text(.licenceNumber), licenceCategory: text(.licenceCategory), licenceValidUntil: text(.licenceValidUntil)
        )
        self.init(
            policyholder: vehicle.isFilled(.policyholder) ? policyholder : nil,
            vehicle: vehicle.isFilled(.vehicle) ? car : nil,
            insurance: vehicle.isFilled(.insurance) ? insurance : nil,
            driver: vehicle.isFilled(.driver) ? driver : nil,
            impactPoint: vehicle.impactPoint.flatMap { Components.Schemas.ImpactPoint(rawValue: $0.rawValue) },
            visibleDamage: text(.visibleDamage),
            circumstances: vehicle.circumstances.isEmpty ? nil : vehicle.ticked.map(\.number),
            remarks: vehicle.remarks.nonEmpty,
            enteredByOtherDriverAt: vehicle.enteredByOtherDriverAt
        )
    }

    /// The value of one field as text, the way a person would type it.
    func text(of field: VehicleField) -> String? {
        switch field {
        case .policyholderName: policyholder?.name
        case .policyholderAddress: policyholder?.address
        case .policyholderPhone: policyholder?.phone
        case .policyholderEmail: policyholder?.email
        case .makeAndModel: vehicle?.makeAndModel
        case .plate: vehicle?.plate
        case .plateCountry: vehicle?.plateCountry
        case .trailerPlate: vehicle?.trailerPlate
        case .trailerCountry: vehicle?.trailerCountry
        case .insurer: insurance?.insurer
        case .policyNumber: insurance?.policyNumber
        case .greenCardNumber: insurance?.greenCardNumber
        case .insuranceValidFrom: insurance?.validFrom
        case .insuranceValidUntil: insurance?.validUntil
        case .ownDamageCovered: insurance?.ownDamageCovered.map { $0 ? "yes" : "no" }
        case .driverName: driver?.name
        case .driverDateOfBirth: driver?.dateOfBirth
        case .driverAddress: driver?.address
        case .licenceNumber: driver?.licenceNumber
        case .licenceCategory: driver?.licenceCategory
        case .licenceValidUntil: driver?.licenceValidUntil
        case .impactPoint: impactPoint?.rawValue
        case .visibleDamage: visibleDamage
        }
    }
}

extension StatementVehicle {
    /// Rebuilds one column received or stored as its wire JSON.
    public init(wire: Components.Schemas.StatementVehicle, field path: String) throws(InvalidReportData) {
        var values: [VehicleField: String] = [:]
        for field in VehicleField.allCases {
            if let text = wire.text(of: field) { values[field] = text }
        }
        var boxes = Set<Circumstance>()
        for (index, number) in (wire.circumstances ?? []).enumerated() {
            guard let box = Circumstance(rawValue: number) else {
                throw InvalidReportData(field: "\(path).circumstances[\(index)]", problem: .outOfRange(value: number, allowed: 1...17))
            }
            guard boxes.insert(box).inserted else {
                throw InvalidReportData(field: "\(path).circumstances[\(index)]", problem: .duplicate(String(number)))
            }
        }
        try self.init(
            values: values, circumstances: boxes, remarks: wire.remarks ?? "", enteredByOtherDriverAt: wire.enteredByOtherDriverAt,
            field: path
        )
    }
}

extension String {
    /// `nil` for an empty string: the wire leaves out what was not entered.
    var nonEmpty: String? { isEmpty ? nil : self }
}
