@testable import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// The accident statement as evidence: one version of the front side, signatures that hold for it only, a front both
/// signed that no path changes, and the other driver's credit kept only while their column is as they sent it.
@Suite("Statement signatures")
struct StatementSignatureTests {
    @Test("SHA-256 gives the published digests (FIPS 180-4 examples)", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func sha256(_ text: String, _ digest: String) {
        #expect(StatementVersion(hashing: text).hex == digest)
    }

    static func scenePhoto(_ name: String, digit: Character, takenAt: Date) -> Photo {
        Photo(
            section: .crashScene, contentHash: .stub(digit), mediaType: .jpeg, byteCount: 100,
            pixelSize: PixelSize(width: 4, height: 3), originalFileName: name, addedAt: referenceDate, takenAt: takenAt, takenWhere: nil
        )
    }

    static func drafted() throws -> CrashReport {
        var report = CrashReport.stub()
        var statement = AccidentStatement()
        try statement.vehicleA.set(.driverName, to: "Anna Kovács")
        try statement.vehicleA.set(.plate, to: "ABC-123")
        try statement.vehicleB.set(.makeAndModel, to: "BMW 320d Touring")
        statement.vehicleB.toggle(.parked)
        try report.setStatement(statement)
        return report
    }

    /// Every change that alters the front side, each made to a copy.
    static let frontChanges: [(String, @Sendable (inout CrashReport) throws -> Void)] = [
        ("A's field", { report in var s = report.statement; try s.vehicleA.set(.insurer, to: "Allianz"); try report.setStatement(s) }),
        ("B's field", { report in var s = report.statement; try s.vehicleB.set(.plate, to: "M-AB 1234"); try report.setStatement(s) }),
        ("a box", { report in var s = report.statement; s.vehicleA.toggle(.overtaking); try report.setStatement(s) }),
        ("remarks", { report in var s = report.statement; try s.vehicleB.setRemarks("I was parked."); try report.setStatement(s) }),
        ("a witness", { report in
            var s = report.statement
            try s.setWitnesses([try Witness(name: "Joe", address: "", phone: "")])
            try report.setStatement(s)
        }),
        ("the police", { report in var s = report.statement; s.setPolice(try PoliceAttendance(attended: false)); try report.setStatement(s) }),
        ("other damage", { report in var s = report.statement; try s.setOtherPropertyDamage("A fence"); try report.setStatement(s) }),
        ("injuries", { report in try report.toggleInjury(.myself) }),
        ("when", { report in try report.setScene(CrashScene(occurredAt: referenceDate.addingTimeInterval(-3_600))) }),
        ("where", { report in
            try report.setScene(CrashScene(occurredAt: report.scene.occurredAt, coordinate: nil, address: "Andrássy út 1"))
        }),
    ]

    @Test("A signature holds for the version it names; any change to the front voids it, visibly", arguments: 0..<frontChanges.count)
    func aChangeVoidsASignature(_ index: Int) throws {
        var report = try Self.drafted()
        try report.signStatement(.a, name: "Anna Kovács", verification: .driversDevice(account: "anna"), at: referenceDate)
        let signed = report.statementVersion
        guard case let .holds(signature) = report.signatureState(of: .a) else {
            Issue.record("A's signature does not hold")
            return
        }
        #expect(signature.version == signed && signature.name == "Anna Kovács")
        #expect(report.signatureState(of: .b) == .unsigned)

        let (name, change) = Self.frontChanges[index]
        try change(&report)
        #expect(report.statementVersion != signed, "\(name) did not change the version")
        #expect(report.signatureState(of: .a) == .void(signature), "\(name)")
        #expect(!report.isStatementSigned)
    }

    @Test("What is not on the front (the note, photos of the vehicles) changes no version")
    func theNoteIsNotOnTheFront() throws {
        var report = try Self.drafted()
        let version = report.statementVersion
        try report.setNote("Called the tow truck")
        try report.addPhoto(Photo.stub(section: .yourVehicleDamage))
        #expect(report.statementVersion == version)
    }

    @Test("Once both signed the same version, every change to the front is refused on every path; the rest may change")
    func bothSignaturesFreezeTheFront() throws {
        var report = try Self.drafted()
        try report.signStatement(.a, name: "Anna Kovács", verification: .driversDevice(account: nil), at: referenceDate)
        try report.signStatement(.b, name: "Bernd Maier", verification: .sameDevice, at: referenceDate.addingTimeInterval(60))
        #expect(report.isStatementSigned)
        let sealed = report

        for (name, change) in Self.frontChanges {
            var copy = sealed
            #expect(throws: ReportError.statementSigned(sealed.crashID), "\(name)") { try change(&copy) }
            #expect(copy == sealed, "\(name) left a change behind")
        }
        var copy = sealed
        #expect(throws: ReportError.statementSigned(sealed.crashID)) { _ = try copy.discard(.accidentStatement) }
        #expect(throws: ReportError.statementSigned(sealed.crashID)) {
            try copy.signStatement(.b, name: "Someone Else", verification: .sameDevice, at: referenceDate)
        }
        #expect(throws: ReportError.statementSigned(sealed.crashID)) { try copy.declineStatement(reason: "no", at: referenceDate) }
        // Not on the front: allowed.
        try copy.setNote("The tow truck came at 10")

        // The stores' write rule: a replacement changing the signed front is refused; one keeping it passes.
        var changed = sealed
        changed.forceStatement { $0.vehicleB.toggle(.overtaking) }
        #expect(throws: ReportError.statementSigned(sealed.crashID)) { try sealed.checkReplacement(by: changed) }
        var unsigned = sealed
        unsigned.forceStatement { $0.signatures.removeAll { $0.side == .b } }
        #expect(throws: ReportError.statementSigned(sealed.crashID)) { try sealed.checkReplacement(by: unsigned) }
        try sealed.checkReplacement(by: copy)

        // A merge keeps the signed front, whichever side changed it.
        let outcome = try ReportMerge.merge(base: sealed, local: changed, remote: sealed)
        #expect(outcome.report.statementVersion == sealed.statementVersion)
        #expect(outcome.report.isStatementSigned)
    }

    @Test("A merge keeps a signed front whose time came from photos: a crash-scene photo added elsewhere is left out and said")
    func aMergeLeavesOutAPhotoThatWouldMoveTheSignedTime() throws {
        var signed = try Self.drafted()
        try signed.addPhoto(Self.scenePhoto("first.jpg", digit: "1", takenAt: referenceDate))
        try signed.signStatement(.a, name: "Anna Kovács", verification: .driversDevice(account: nil), at: referenceDate)
        let base = signed
        try signed.signStatement(.b, name: "Bernd Maier", verification: .sameDevice, at: referenceDate)
        // This device, not yet knowing B signed, adds an earlier crash-scene photo: the time the front shows moves.
        var local = base
        let earlier = Self.scenePhoto("earlier.jpg", digit: "2", takenAt: referenceDate.addingTimeInterval(-600))
        try local.addPhoto(earlier)
        #expect(local.statementVersion != base.statementVersion)

        let outcome = try ReportMerge.merge(base: base, local: local, remote: signed)
        #expect(outcome.report.isStatementSigned)
        #expect(outcome.report.statementVersion == signed.statementVersion)
        #expect(outcome.leftOut == [earlier])
        #expect(outcome.summary.leftOut == ["earlier.jpg"])
    }

    @Test("The other driver's credit holds while their column is as they sent it; a change after shows what changed")
    func theCreditNamesChangesAfterSending() throws {
        var report = try Self.drafted()
        var statement = report.statement
        statement.vehicleB.markEnteredByOtherDriver(at: referenceDate)
        try report.setStatement(statement)
        #expect(report.statement.vehicleB.isAsSentByOtherDriver)
        #expect(report.statement.vehicleB.changesSinceSent.isEmpty)

        // The driver rewrites B's make and ticks B's box 17.
        statement = report.statement
        try statement.vehicleB.set(.makeAndModel, to: "BMW 3er")
        statement.vehicleB.toggle(.ignoredPriorityOrRedLight)
        try report.setStatement(statement)
        #expect(!report.statement.vehicleB.isAsSentByOtherDriver)
        #expect(report.statement.vehicleB.changesSinceSent == [.field(.makeAndModel), .box(.ignoredPriorityOrRedLight)])

        // Put back as it was: the credit is theirs again.
        statement = report.statement
        try statement.vehicleB.set(.makeAndModel, to: "BMW 320d Touring")
        statement.vehicleB.toggle(.ignoredPriorityOrRedLight)
        try report.setStatement(statement)
        #expect(report.statement.vehicleB.isAsSentByOtherDriver)
    }

    @Test("A decline is recorded with the version shown and the reason; the report can still be completed")
    func aDeclineIsRecorded() throws {
        var report = try Self.drafted()
        try report.declineStatement(reason: "Box 17 is not true", at: referenceDate)
        #expect(report.statement.decline?.reason == "Box 17 is not true")
        #expect(report.statement.decline?.version == report.statementVersion)
        try report.complete(at: referenceDate.addingTimeInterval(60))
        #expect(report.isCompleted)
    }

    @Test("A signature needs a name, and the canonical form is the same for the same statement built twice")
    func namesAndTheCanonicalForm() throws {
        var report = try Self.drafted()
        #expect(throws: StatementFieldError.signatureWithoutName) {
            try report.signStatement(.a, name: "  ", verification: .driversDevice(account: nil), at: referenceDate)
        }
        #expect(FactText.english.clause(for: StatementFieldError.signatureWithoutName) == "a signature needs the signer's name")
        let again = try Self.drafted()
        #expect(again.statementFront.canonicalText == report.statementFront.canonicalText)
        #expect(report.statementFront.canonicalText.hasPrefix("format=crash-assistant-statement-front/1\n"))
        #expect(report.statementFront.canonicalText.contains("B.makeAndModel=BMW 320d Touring\n"))
        // Line breaks and backslashes in a value cannot forge another line.
        var statement = report.statement
        try statement.vehicleA.setRemarks("x\nB.plate=FORGED\\")
        try report.setStatement(statement)
        #expect(report.statementFront.canonicalText.contains("A.remarks=x\\nB.plate=FORGED\\\\\n"))
    }
}

extension CrashReport {
    /// This report with its statement changed past the rules, as a store could receive it (rebuilt as stored).
    mutating func forceStatement(_ change: (inout AccidentStatement) -> Void) {
        var copy = statement
        change(&copy)
        self = try! CrashReport(
            id: id, crashID: crashID, provisionalCrashID: provisionalCrashID, detection: detection, status: status,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt, scene: scene, injuries: injuries,
            photos: allPhotos, otherDriverNote: otherDriverNote, statement: copy, acknowledgement: acknowledgement,
            revision: revision
        )
    }
}
