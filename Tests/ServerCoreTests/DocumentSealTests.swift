import Data
import Domain
import Foundation
import Logging
import ReportDocuments
import ServerBlobs
import ServerCore
import ServerSQLite
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The server seals the PDF of a statement both drivers signed, and the tools an insurer uses — poppler's `pdfsig` and
/// pyHanko — find the seal valid, covering the whole file; one byte changed afterwards and both say so.
@Suite("Sealed PDFs", .ownThreads)
struct DocumentSealTests {
    private static let signedAt = Date(timeIntervalSince1970: 1_795_000_000)

    /// A report with a statement both drivers signed (B on the driver's device, as at the scene).
    private static func signedReport() throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"))
        try report.setScene(CrashScene(occurredAt: signedAt, utcOffsetMinutes: 60))
        try report.setStatement(try AccidentStatement.full(enteredByOtherDriverAt: signedAt))
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "jane"), at: signedAt.addingTimeInterval(600))
        try report.signStatement(.b, name: "Greta Müller", verification: .sameDevice, at: signedAt.addingTimeInterval(900))
        return report
    }

    private static func seal(name: String = "Crash Assistant test insurer") throws -> (DocumentSeal, certificate: String) {
        let pair = try DocumentSeal.selfSigned(name: name, days: 30, now: Date())
        return (try DocumentSeal(keyPEM: pair.keyPEM, certificatePEM: pair.certificatePEM, now: Date()), pair.certificatePEM)
    }

    @Test func aStatementBothSignedIsSealedAndAChangedByteBreaksTheSeal() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (seal, certificate) = try Self.seal()
        let report = try Self.signedReport()
        let path = tools.folder.appendingPathComponent("sealed.pdf").path
        let renderer = PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: TimeZone(identifier: "UTC")!)
        let drawn = try await renderer.render(report).bytes
        try drawn.write(to: URL(fileURLWithPath: path))
        try seal.seal(fileAt: path, report: report, at: Date())

        // The update is appended: everything drawn before is still there, byte for byte.
        let sealed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(sealed.prefix(drawn.count) == drawn)
        try tools.checkStructure(path)
        let poppler = try SealCheck.pdfsig(path, trusting: certificate, in: tools)
        #expect(poppler.contains("Signature Validation: Signature is Valid."), "\(poppler)")
        #expect(poppler.contains("Total document signed"), "\(poppler)")
        #expect(poppler.contains("Signer Certificate Common Name: Crash Assistant test insurer"), "\(poppler)")
        #expect(poppler.contains("Certificate Validation: Certificate is Trusted."), "\(poppler)")
        let verdict = try SealCheck.pyHanko(path, trusting: certificate, in: tools)
        #expect(verdict.status == 0, "\(verdict.output)")
        #expect(verdict.output.contains("intact=True valid=True trusted=True coverage=ENTIRE_FILE"), "\(verdict.output)")
        // A certification signature that permits no change.
        #expect(verdict.output.contains("certification=P1 docmdp_ok=True"), "\(verdict.output)")
        // PAdES baseline B-B: a CAdES signature naming its signing certificate, its time in the PDF.
        #expect(verdict.output.contains("pades=B-B"), "\(verdict.output)")
        #expect(poppler.contains("Signature Type: ETSI.CAdES.detached"), "\(poppler)")

        // An update appended after the seal that replaces what page 1 shows: the seal still verifies over the bytes
        // it covers, so pdfsig calls it valid but no longer the whole document; pyHanko refuses the change.
        let updated = try SealCheck.withAppendedUpdate(path, in: tools)
        let popplerUpdated = try SealCheck.pdfsig(updated, trusting: certificate, in: tools)
        #expect(popplerUpdated.contains("Not total document signed"), "\(popplerUpdated)")
        let verdictUpdated = try SealCheck.pyHanko(updated, trusting: certificate, in: tools)
        #expect(verdictUpdated.status == 1, "\(verdictUpdated.output)")
        #expect(verdictUpdated.output.contains("certification=P1 docmdp_ok=False"), "\(verdictUpdated.output)")

        // Another certificate is not the one that sealed: pyHanko does not trust the seal.
        let (_, stranger) = try Self.seal(name: "Someone else")
        #expect(try SealCheck.pyHanko(path, trusting: stranger, in: tools).status == 1)

        // One byte flipped in what was drawn: both tools say the seal no longer holds.
        var tampered = sealed
        let offset = drawn.count / 2
        tampered[offset] ^= 0x01
        let tamperedPath = tools.folder.appendingPathComponent("tampered.pdf").path
        try tampered.write(to: URL(fileURLWithPath: tamperedPath))
        let popplerAfter = try SealCheck.pdfsig(tamperedPath, trusting: certificate, in: tools)
        #expect(!popplerAfter.contains("Signature is Valid."), "\(popplerAfter)")
        #expect(popplerAfter.contains("Signature is Invalid") || popplerAfter.contains("Digest Mismatch"), "\(popplerAfter)")
        let verdictAfter = try SealCheck.pyHanko(tamperedPath, trusting: certificate, in: tools)
        #expect(verdictAfter.status != 0, "\(verdictAfter.output)")
        #expect(!verdictAfter.output.contains("intact=True"), "\(verdictAfter.output)")
    }

    @Test("A pair of the insurer's own seals as PAdES B-B too: an RSA key and a P-384 one, made by openssl", arguments: [
        ["-newkey", "rsa:2048"], ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-384"],
    ])
    func anInsurersOwnKeySeals(_ kind: [String]) async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        try tools.run("openssl", ["req", "-x509"] + kind + [
            "-keyout", "key.pem", "-out", "certificate.pem", "-days", "30", "-nodes", "-subj", "/CN=Example Insurance",
            "-addext", "keyUsage=critical,digitalSignature,nonRepudiation,keyCertSign", "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
        ])
        let certificate = try String(contentsOf: tools.folder.appendingPathComponent("certificate.pem"), encoding: .utf8)
        let seal = try DocumentSeal(
            keyPEM: try String(contentsOf: tools.folder.appendingPathComponent("key.pem"), encoding: .utf8), certificatePEM: certificate, now: Date()
        )
        let report = try Self.signedReport()
        let path = tools.folder.appendingPathComponent("sealed.pdf").path
        try await PDFReportRenderer(photoStore: InMemoryPhotoStore()).render(report).bytes.write(to: URL(fileURLWithPath: path))
        try seal.seal(fileAt: path, report: report, at: Date())
        let verdict = try SealCheck.pyHanko(path, trusting: certificate, in: tools)
        #expect(verdict.status == 0, "\(verdict.output)")
        #expect(verdict.output.contains("intact=True valid=True trusted=True coverage=ENTIRE_FILE"), "\(verdict.output)")
        #expect(verdict.output.contains("pades=B-B"), "\(verdict.output)")
        let poppler = try SealCheck.pdfsig(path, trusting: certificate, in: tools)
        #expect(poppler.contains("Signature Validation: Signature is Valid."), "\(poppler)")
    }

    /// A server's rendering with a sealing pair, over a store and blobs in the tools' folder.
    static func sealingServer(_ tools: PDFTools) throws -> (
        store: SQLiteServerStore, blobs: FileBlobStore, seal: DocumentSeal, certificate: String, rendering: DocumentRendering
    ) {
        let folder = tools.folder.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: folder.appendingPathComponent("server.sqlite3").path)
        let blobs = try FileBlobStore(folder: folder.path)
        let (seal, certificate) = try Self.seal()
        let rendering = DocumentRendering(
            photos: store, blobs: blobs, pool: RenderPool(capacity: 1), clock: SystemClock(),
            scratchFolder: tools.folder.path, seal: seal, logger: Logger(label: "test")
        )
        return (store, blobs, seal, certificate, rendering)
    }

    @Test func theServerSealsOnlyAStatementBothSignedAndThePDFSaysWhich() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (store, blobs, seal, certificate, rendering) = try Self.sealingServer(tools)
        let owner = AccountID()

        let signed = try Self.signedReport()
        let signedPath = try tools.write(try await blobs.bytes(of: try await rendering.render(signed, owner: owner), kind: .document), name: "signed.pdf")
        #expect(try SealCheck.pyHanko(signedPath, trusting: certificate, in: tools).status == 0)
        // The fingerprint may be wrapped anywhere: compared without spaces.
        let signedText = try tools.text(signedPath).filter { !$0.isWhitespace }
        #expect(signedText.contains("SealedbyCrashAssistanttestinsurer(certificateSHA-256\(seal.fingerprint))"), "\(signedText)")

        // Signed by one driver only: drawn, not sealed, and it says why.
        var unsigned = CrashReport.stub(crashID: .stub("CR-8KQ2M9XD"))
        try unsigned.setStatement(try AccidentStatement.full(enteredByOtherDriverAt: Self.signedAt))
        try unsigned.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "jane"), at: Self.signedAt)
        let unsignedPath = try tools.write(try await blobs.bytes(of: try await rendering.render(unsigned, owner: owner), kind: .document), name: "unsigned.pdf")
        let poppler = try tools.run("pdfsig", [unsignedPath], allowFailure: true)
        #expect(poppler.contains("does not contain any signatures"), "\(poppler)")
        let unsignedText = try tools.text(unsignedPath).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(unsignedText.contains("Not sealed: the server seals the PDF once both drivers signed the same version."))

        // A server without a key says its PDF is not sealed; the app's own PDF says it was made on the device.
        let keyless = DocumentRendering(
            photos: store, blobs: blobs, pool: RenderPool(capacity: 1), clock: SystemClock(),
            scratchFolder: tools.folder.path, logger: Logger(label: "test")
        )
        let keylessPath = try tools.write(try await blobs.bytes(of: try await keyless.render(signed, owner: owner), kind: .document), name: "keyless.pdf")
        #expect(try tools.text(keylessPath).contains("the server that made it has no signing key"))
        #expect(try tools.run("pdfsig", [keylessPath], allowFailure: true).contains("does not contain any signatures"))
        let appPath = try tools.write(try await PDFReportRenderer(photoStore: InMemoryPhotoStore()).render(signed).bytes, name: "app.pdf")
        #expect(try tools.text(appPath).contains("made on the driver's device and is not sealed"))
    }

    @Test("A pile-up whose statement with C alone both drivers signed: the report's PDF is sealed, its reason naming that statement")
    func aPileUpIsSealedForTheStatementSigned() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (_, blobs, _, certificate, rendering) = try Self.sealingServer(tools)
        var report = CrashReport.stub(crashID: .stub("CR-8KQ2M9XD"))
        try report.setStatement(try AccidentStatement.full(enteredByOtherDriverAt: Self.signedAt))
        let parties = try CrashParties.sample()
        try report.changeParties { list throws(PartyError) in list = parties }
        let pairC = StatementPair.vehicle(CrashParties.vehicleC)
        try report.signStatement(.a, in: pairC, name: "Anna Driver", verification: .driversDevice(account: "jane"), at: Self.signedAt)
        try report.signStatement(.b, in: pairC, name: "Carl Third", verification: .sameDevice, at: Self.signedAt)
        #expect(!report.isStatementSigned(.b) && report.isStatementSigned(pairC))

        let path = try tools.write(try await blobs.bytes(of: try await rendering.render(report, owner: AccountID()), kind: .document), name: "pile-up.pdf")
        #expect(try SealCheck.pyHanko(path, trusting: certificate, in: tools).status == 0)
        let version = try #require(report.statementVersion(pairC)).hex
        #expect(
            PDFSignatureDetails.statementSeal(of: report, by: "Insurer", at: Self.signedAt).reason
                == "Both drivers signed version \(version) of the accident statement with party 3 of crash report CR-8KQ2M9XD."
        )
        // The file says so too: the reason is in the signature's dictionary (UTF-16BE, in hex).
        let inHex = "accident statement with party 3".utf16.map { String(format: "%04X", $0) }.joined()
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains(inHex))
    }

    @Test func aPairThatCannotSealIsNamed() throws {
        let now = Date()
        let first = try DocumentSeal.selfSigned(name: "First", days: 30, now: now)
        let second = try DocumentSeal.selfSigned(name: "Second", days: 30, now: now)
        #expect(throws: DocumentSealError.keyDoesNotMatch) {
            try DocumentSeal(keyPEM: first.keyPEM, certificatePEM: second.certificatePEM, now: now)
        }
        #expect(throws: DocumentSealError.notAKey(path: "k.pem")) {
            try DocumentSeal(keyPEM: "not a key", certificatePEM: first.certificatePEM, keyPath: "k.pem", now: now)
        }
        #expect(throws: DocumentSealError.notACertificate(path: "c.pem")) {
            try DocumentSeal(keyPEM: first.keyPEM, certificatePEM: first.keyPEM, certificatePath: "c.pem", now: now)
        }
        do {
            _ = try DocumentSeal(keyPEM: first.keyPEM, certificatePEM: first.certificatePEM, now: now.addingTimeInterval(31 * 86_400))
            Issue.record("an expired certificate was taken")
        } catch let error as DocumentSealError {
            guard case .notValidNow = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func keysCreateWritesAPairTheServerSealsWith() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let created = try ServerProcess.run(["keys", "create", "--data", folder.path, "--name", "Example Insurance"])
        #expect(created.status == 0, "\(created.errors)")
        #expect(created.output.contains("Fingerprint:  SHA-256 "))
        let key = folder.appendingPathComponent("signing-key.pem").path
        let attributes = try FileManager.default.attributesOfItem(atPath: key)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let seal = try DocumentSeal.load(
            keyFile: key, certificateFile: folder.appendingPathComponent("signing-certificate.pem").path, now: Date()
        )
        #expect(seal.signerName == "Example Insurance")
        #expect(created.output.contains(seal.fingerprint))

        // A second pair is not made over the first unless asked.
        let again = try ServerProcess.run(["keys", "create", "--data", folder.path])
        #expect(again.status == 73)
        #expect(again.errors.contains("exists already"))
        let forced = try ServerProcess.run(["keys", "create", "--data", folder.path, "--force"])
        #expect(forced.status == 0)
        #expect(try DocumentSeal.load(
            keyFile: key, certificateFile: folder.appendingPathComponent("signing-certificate.pem").path, now: Date()
        ).fingerprint != seal.fingerprint)

        // One file of the pair alone is refused by serve, saying what to do.
        try FileManager.default.removeItem(atPath: folder.appendingPathComponent("signing-certificate.pem").path)
        let serve = try ServerProcess.run(["serve", "--data", folder.path, "--port", "0"])
        #expect(serve.status == 78)
        #expect(serve.errors.contains("holds only one of signing-key.pem and signing-certificate.pem"))
    }

    @Test("A live server with the pair `keys create` made seals the PDF of a report whose statement both drivers signed")
    func aLiveServerSealsTheSubmittedStatement() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sealing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let created = try ServerProcess.run(["keys", "create", "--data", folder.path, "--name", "Example Insurance"])
        #expect(created.status == 0, "\(created.errors)")
        let server = try ServerProcess(dataFolder: folder)
        defer { _ = try? server.stop(); try? FileManager.default.removeItem(at: folder) }
        #expect(server.output.contains("statements both drivers signed are sealed by “Example Insurance”"), "\(server.output)")
        let ann = try server.add("ann")

        var report = try makeDraft()
        try report.setScene(CrashScene(occurredAt: Self.signedAt, utcOffsetMinutes: 60))
        try report.setStatement(try AccidentStatement.full(enteredByOtherDriverAt: nil))
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: Self.signedAt.addingTimeInterval(600))
        try report.signStatement(.b, name: "Greta Müller", verification: .sameDevice, at: Self.signedAt.addingTimeInterval(900))
        let path = "/v1/reports/\(report.id)"
        let put = try LoopbackConnection.request(
            port: server.port, "PUT", path, token: ann, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(put.status == 201, "\(String(decoding: put.body, as: UTF8.self))")
        let submitted = try LoopbackConnection.request(port: server.port, "POST", "\(path)/submit", token: ann)
        #expect(submitted.status == 200, "\(String(decoding: submitted.body, as: UTF8.self))")
        let pdf = try LoopbackConnection.request(port: server.port, "GET", "\(path)/report.pdf", token: ann)
        #expect(pdf.status == 200)

        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let file = try tools.write(pdf.body)
        try tools.checkStructure(file)
        let certificate = try String(contentsOf: folder.appendingPathComponent("signing-certificate.pem"), encoding: .utf8)
        let poppler = try SealCheck.pdfsig(file, trusting: certificate, in: tools)
        #expect(poppler.contains("Signature Validation: Signature is Valid."), "\(poppler)")
        #expect(poppler.contains("Total document signed"), "\(poppler)")
        let verdict = try SealCheck.pyHanko(file, trusting: certificate, in: tools)
        #expect(verdict.status == 0, "\(verdict.output)")
        #expect(verdict.output.contains("signer=Common Name: Example Insurance"), "\(verdict.output)")
    }
}
