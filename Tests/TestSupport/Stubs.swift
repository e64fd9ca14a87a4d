import Domain
import Foundation

/// A fixed moment the tests start from: 2026-11-18 11:06:40 UTC.
public let referenceDate = Date(timeIntervalSince1970: 1_795_000_000)

extension CrashID {
    /// A valid crash ID for tests.
    public static func stub(_ raw: String = "CR-TEST2345") -> CrashID {
        do { return try CrashID(validating: raw) } catch { fatalError("bad stub crash ID \(raw): \(error)") }
    }
}

extension CrashID {
    /// A new locally issued crash ID, different on every call.
    public static func anyLocal() -> CrashID {
        var generator = SystemRandomNumberGenerator()
        return .local(using: &generator)
    }
}

extension ContentHash {
    /// A valid hash whose digits are all `digit`.
    public static func stub(_ digit: Character = "a") -> ContentHash {
        do { return try ContentHash(hex: String(repeating: digit, count: 64)) } catch { fatalError("\(error)") }
    }
}

extension Photo {
    public static func stub(
        section: PhotoSection = .crashScene,
        contentHash: ContentHash = .stub(),
        fileName: String = "photo.jpg",
        addedAt: Date = referenceDate
    ) -> Photo {
        Photo(
            section: section,
            contentHash: contentHash,
            mediaType: .jpeg,
            byteCount: 1_234,
            pixelSize: PixelSize(width: 64, height: 48),
            originalFileName: fileName,
            addedAt: addedAt
        )
    }
}

extension CrashReport {
    /// A draft (completed when `completedAt` is given) with what the arguments give; everything else empty, and a
    /// crash ID of its own (a crash ID names one report). Stubs are valid reports by construction; one that is not
    /// stops the test run at once.
    public static func stub(
        id: ReportID = ReportID(),
        crashID: CrashID = .anyLocal(),
        createdAt: Date = referenceDate,
        injuries: [Injury] = [],
        photos: [Photo] = [],
        note: String = "",
        completedAt: Date? = nil,
        updatedAt: Date? = nil,
        revision: Int = 0
    ) -> CrashReport {
        do {
            return try CrashReport(
            id: id,
            crashID: crashID,
            status: completedAt == nil ? .draft : .completed,
            createdAt: createdAt,
            updatedAt: updatedAt ?? completedAt ?? createdAt,
            completedAt: completedAt,
            scene: CrashScene(occurredAt: createdAt),
            injuries: InjurySelection(injuries),
            photos: photos,
            otherDriverNote: note,
            revision: revision
            )
        } catch {
            preconditionFailure("CrashReport.stub made an invalid report: \(error)")
        }
    }
}

extension AccidentStatement {
    /// A statement with every part filled: both columns' every field, boxes on both sides, remarks, two witnesses,
    /// the police, other damage; vehicle B entered by the other driver.
    public static func full(enteredByOtherDriverAt: Date? = Date(timeIntervalSince1970: 1_795_300_000)) throws -> AccidentStatement {
        var statement = AccidentStatement()
        let a: [(VehicleField, String)] = [
            (.policyholderName, "Jane Doe"), (.policyholderAddress, "12 Fő utca, 1011 Budapest"), (.policyholderPhone, "+36 30 123 4567"),
            (.policyholderEmail, "jane@Example.COM"), (.makeAndModel, "Toyota Corolla"), (.plate, "abc 123"), (.plateCountry, "hu"),
            (.trailerPlate, "XYZ-987"), (.trailerCountry, "HU"), (.insurer, "Generali"), (.policyNumber, "POL-778812"),
            (.greenCardNumber, "HU/123/456"), (.insuranceValidFrom, "1.1.2026"), (.insuranceValidUntil, "31.12.2026"),
            (.ownDamageCovered, "y"), (.driverName, "Jane Doe"), (.driverDateOfBirth, "1980-04-01"), (.driverAddress, "12 Fő utca"),
            (.licenceNumber, "HU-12345678"), (.licenceCategory, "B"), (.licenceValidUntil, "2030-05-31"), (.impactPoint, "front"),
            (.visibleDamage, "Scratched front bumper"),
        ]
        let b: [(VehicleField, String)] = [
            (.policyholderName, "Hans Müller"), (.policyholderAddress, "Hauptstraße 5, München"), (.policyholderPhone, "0049 151 2345 6789"),
            (.policyholderEmail, "hans@example.de"), (.makeAndModel, "VW Golf"), (.plate, "m-ab 1234"), (.plateCountry, "de"),
            (.trailerPlate, "M-XY 99"), (.trailerCountry, "DE"), (.insurer, "Allianz"), (.policyNumber, "AZ-55-1"),
            (.greenCardNumber, "D/9/87"), (.insuranceValidFrom, "2026-03-01"), (.insuranceValidUntil, "2027-02-28"),
            (.ownDamageCovered, "no"), (.driverName, "Greta Müller"), (.driverDateOfBirth, "12/06/1990"), (.driverAddress, "Hauptstraße 5"),
            (.licenceNumber, "B072RRE2I55"), (.licenceCategory, "B, BE"), (.licenceValidUntil, "2033-01-01"), (.impactPoint, "rear-left"),
            (.visibleDamage, "Dented boot lid\nbroken tail light"),
        ]
        for (field, text) in a { try statement.vehicleA.set(field, to: text) }
        for (field, text) in b { try statement.vehicleB.set(field, to: text) }
        statement.vehicleA.setCircumstances([.turningRight, .parked])
        statement.vehicleB.setCircumstances([.parking, .hitRearSameDirectionSameLane])
        try statement.vehicleA.setRemarks("The other car reversed into me.")
        try statement.vehicleB.setRemarks("I did not see it.")
        statement.vehicleB.markEnteredByOtherDriver(at: enteredByOtherDriverAt)
        try statement.setWitnesses([
            Witness(name: "Joe Witness", address: "1 High St", phone: "+44 7400 123456"),
            Witness(name: "", address: "", phone: "+36 1 234 5678"),
        ])
        statement.setPolice(try PoliceAttendance(attended: true, reportNumber: "2026/123", station: "Budapest XI"))
        try statement.setOtherPropertyDamage("Lamp post bent")
        return statement
    }
}

extension CrashParties {
    /// A cyclist who was hurt, a lamp post with its owner, and a vehicle that left with part of its plate read — each
    /// with a fixed id, so two calls give equal parties.
    public static func sample() throws -> CrashParties {
        try CrashParties([
            Party(
                id: PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000c1c1")!),
                kind: .cyclist(try RoadUser(name: "Eva Kovács", phone: "+36 30 765 4321", address: "Fő utca 2", liabilityInsurer: "Allianz", injured: true))
            ),
            Party(
                id: PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000a1a1")!),
                kind: .property(try DamagedProperty(what: "lamp post", owner: "City of Budapest", address: "Fő utca 1"))
            ),
            Party(id: CrashParties.vehicleC, kind: .motorVehicle(try AccidentStatement.withVehicleC())),
            Party(
                id: PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000f1f1")!),
                kind: .leftTheScene(try VehicleSeen(plate: "B-M? 12", colour: "dark blue", makeAndModel: "BMW", direction: "towards the bridge", policeReport: "2026/881"))
            ),
        ])
    }
}

extension CrashParties {
    /// Vehicle C of ``sample()``: it hit A from behind.
    public static let vehicleC = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000c3c3")!)
}

extension AccidentStatement {
    /// The statement A makes with a vehicle C that hit it from behind: both columns named, C's box ticked, remarks,
    /// a witness.
    public static func withVehicleC() throws -> AccidentStatement {
        var statement = AccidentStatement.empty
        try statement.vehicleA.set(.driverName, to: "Anna Driver")
        try statement.vehicleA.set(.plate, to: "AB-123-CD")
        try statement.vehicleA.set(.impactPoint, to: "rear")
        try statement.vehicleB.set(.driverName, to: "Carl Third")
        try statement.vehicleB.set(.plate, to: "C-DE 345")
        try statement.vehicleB.set(.insurer, to: "Generali")
        try statement.vehicleB.set(.impactPoint, to: "front")
        statement.vehicleB.toggle(.hitRearSameDirectionSameLane)
        try statement.vehicleB.setRemarks("I could not stop in time.")
        try statement.setWitnesses([try Witness(name: "Wanda Witness", address: "", phone: "+36301112233")])
        return statement
    }
}
