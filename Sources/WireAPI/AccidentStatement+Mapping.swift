import Domain
import Foundation

/// The accident statement on the wire, and back through its rules (each value read as if typed, so nothing crosses
/// the network that the app would refuse).
extension Components.Schemas.AccidentStatement {
    /// The statement as it travels; `version` is the front side's version when the report is known (answers and
    /// notices give it; what a client sends is read without it).
    public init(_ statement: AccidentStatement, version: StatementVersion? = nil) {
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
            otherPropertyDamage: statement.otherPropertyDamage.nonEmpty,
            signatures: statement.signatures.isEmpty ? nil : statement.signatures.map(Components.Schemas.StatementSignature.init),
            decline: statement.decline.map {
                Components.Schemas.StatementDecline(reason: $0.reason, declinedAt: $0.declinedAt, version: $0.version.hex)
            },
            version: version?.hex
        )
    }
}

extension Components.Schemas.StatementSignature {
    public init(_ signature: StatementSignature) {
        let (verification, account, phone): (VerificationPayload, String?, String?) = switch signature.verification {
        case let .driversDevice(account): (.driversDevice, account, nil)
        case let .smsCode(phone): (.smsCode, nil, phone.e164)
        case .sameDevice: (.sameDevice, nil, nil)
        }
        self.init(
            side: signature.side == .a ? .a : .b, name: signature.name, verification: verification, account: account, phone: phone,
            signedAt: signature.signedAt, utcOffsetMinutes: signature.utcOffsetMinutes, version: signature.version.hex
        )
    }
}

extension StatementSignature {
    /// Rebuilds a signature received or stored.
    /// - Throws: ``InvalidReportData`` naming the field under `path`.
    public init(wire: Components.Schemas.StatementSignature, field path: String) throws(InvalidReportData) {
        guard let version = StatementVersion(hex: wire.version) else {
            throw InvalidReportData(field: "\(path).version", problem: .invalid(String(wire.version.prefix(80))))
        }
        if let offset = wire.utcOffsetMinutes, !CrashScene.utcOffsetRange.contains(offset) {
            throw InvalidReportData(field: "\(path).utcOffsetMinutes", problem: .outOfRange(value: offset, allowed: CrashScene.utcOffsetRange))
        }
        let verification: Verification
        switch wire.verification {
        case .driversDevice:
            verification = .driversDevice(account: wire.account.map { String($0.prefix(100)) })
        case .smsCode:
            guard let phone = wire.phone.flatMap({ try? PhoneNumber(kept: $0) }) else {
                throw InvalidReportData(field: "\(path).phone", problem: .missing)
            }
            verification = .smsCode(phone)
        case .sameDevice:
            verification = .sameDevice
        }
        do {
            try self.init(
                side: wire.side == .a ? .a : .b, name: wire.name, verification: verification, signedAt: wire.signedAt,
                utcOffsetMinutes: wire.utcOffsetMinutes, version: version
            )
        } catch {
            throw InvalidReportData(field: "\(path).name", problem: error.problem)
        }
    }
}

extension AccidentStatement {
    /// Rebuilds a statement received or stored as its wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field under `root` (`statement.vehicleB.plate`, `statement.witnesses[1].phone`).
    public init(wire: Components.Schemas.AccidentStatement, at root: String = "statement") throws(InvalidReportData) {
        var witnesses: [Witness] = []
        for (index, witness) in (wire.witnesses ?? []).enumerated() {
            do {
                witnesses.append(try Witness(name: witness.name ?? "", address: witness.address ?? "", phone: witness.phone ?? "", kept: true))
            } catch {
                throw InvalidReportData(field: "\(root).witnesses[\(index)]", problem: error.problem)
            }
        }
        let police: PoliceAttendance?
        do {
            police = try wire.police.map { police throws(StatementFieldError) in
                try PoliceAttendance(attended: police.attended, reportNumber: police.reportNumber ?? "", station: police.station ?? "")
            }
        } catch {
            throw InvalidReportData(field: "\(root).police", problem: error.problem)
        }
        var signatures: [StatementSignature] = []
        for (index, signature) in (wire.signatures ?? []).enumerated() {
            signatures.append(try StatementSignature(wire: signature, field: "\(root).signatures[\(index)]"))
        }
        var decline: StatementDecline?
        if let wireDecline = wire.decline {
            guard let version = StatementVersion(hex: wireDecline.version) else {
                throw InvalidReportData(field: "\(root).decline.version", problem: .invalid(String(wireDecline.version.prefix(80))))
            }
            do {
                decline = try StatementDecline(reason: wireDecline.reason, declinedAt: wireDecline.declinedAt, version: version)
            } catch {
                throw InvalidReportData(field: "\(root).decline.reason", problem: error.problem)
            }
        }
        try self.init(
            vehicleA: try wire.vehicleA.map { v throws(InvalidReportData) in try StatementVehicle(wire: v, field: "\(root).vehicleA") } ?? StatementVehicle(),
            vehicleB: try wire.vehicleB.map { v throws(InvalidReportData) in try StatementVehicle(wire: v, field: "\(root).vehicleB") } ?? StatementVehicle(),
            witnesses: witnesses, police: police, otherPropertyDamage: wire.otherPropertyDamage ?? "",
            signatures: signatures, decline: decline
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
            enteredByOtherDriverAt: vehicle.enteredByOtherDriverAt,
            asSent: vehicle.asSent.map { sent in
                Components.Schemas.StatementVehicle(
                    (try? StatementVehicle(
                        values: sent.values, circumstances: sent.circumstances, remarks: sent.remarks, enteredByOtherDriverAt: nil,
                        field: "asSent"
                    )) ?? StatementVehicle()
                )
            }
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
        let (values, boxes) = try Self.parts(of: wire, field: path)
        var sent: Sent?
        if let asSent = wire.asSent {
            // What the other driver sent obeys the same rules.
            let (sentValues, sentBoxes) = try Self.parts(of: asSent, field: "\(path).asSent")
            let column = try StatementVehicle(
                values: sentValues, circumstances: sentBoxes, remarks: asSent.remarks ?? "", enteredByOtherDriverAt: nil, field: "\(path).asSent"
            )
            sent = Sent(values: column.values, circumstances: column.circumstances, remarks: column.remarks)
        }
        try self.init(
            values: values, circumstances: boxes, remarks: wire.remarks ?? "", enteredByOtherDriverAt: wire.enteredByOtherDriverAt,
            asSent: sent, field: path
        )
    }

    private static func parts(
        of wire: Components.Schemas.StatementVehicle, field path: String
    ) throws(InvalidReportData) -> ([VehicleField: String], Set<Circumstance>) {
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
        return (values, boxes)
    }
}

extension String {
    /// `nil` for an empty string: the wire leaves out what was not entered.
    var nonEmpty: String? { isEmpty ? nil : self }
}
