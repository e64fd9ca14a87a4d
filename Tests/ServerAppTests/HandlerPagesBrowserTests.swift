import Domain
import Foundation
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The claims handlers' pages in a real browser: headless Chromium driven by Selenium (Tests/Browser/handler_pages.py)
/// against the server on 127.0.0.1.
@Suite("The handlers' pages in a browser", .serialized, .ownThreads)
struct HandlerPagesBrowserTests {
    /// Stores a report for the user over the API, uploads its photos and submits it; returns its crash ID.
    /// - Parameter uploading: how many of the photos are uploaded before the submit (all when `nil`).
    static func submit(
        port: Int, token: String, crashID: String, note: String, injured: Bool, photos: [(Data, PhotoSection)], uploading: Int? = nil
    ) throws -> String {
        var report = try makeDraft(crashID: crashID, photos: try photos.map { try makePhoto($0.0, section: $0.1) })
        if !injured {
            try report.toggleInjury(.myself)
            try report.toggleInjury(.noOne)
        } else {
            try report.toggleInjury(.otherDriver)
            // The injured report's other parties: a cyclist hurt, property named with markup a handler must read as text,
            // and another motor vehicle that also touched B, its driver hurt.
            var third = AccidentStatement.empty
            try third.vehicleB.set(.driverName, to: "Carl Third")
            try third.vehicleB.set(.plate, to: "C-DE 345")
            let vehicle = PartyID()
            try report.changeParties { parties throws(PartyError) in
                try parties.add(.cyclist(try RoadUser(name: "Eva Kovács", injured: true)))
                try parties.add(.property(try DamagedProperty(what: "<img src=x onerror=alert(1)> lamp post", owner: "City & Co")))
                try parties.add(.motorVehicle(third), id: vehicle)
                try parties.setTouched(vehicle, [.b])
            }
            try report.toggleInjury(of: vehicle, .driver)
        }
        try report.setNote(note)
        try report.setScene(CrashScene(
            occurredAt: Date(timeIntervalSince1970: 1_795_000_000), coordinate: try Coordinate(latitude: 47.4979, longitude: 19.0402),
            address: "Andrássy út 1, Budapest", utcOffsetMinutes: 60
        ))
        let json = [("Content-Type", "application/json")]
        let put = try LoopbackConnection.request(
            port: port, "PUT", "/v1/reports/\(report.id)", token: token, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        guard put.status == 201 else { throw ServerProcess.Failure(description: "PUT report: \(put.status) \(put.text)") }
        for (bytes, _) in photos.prefix(uploading ?? photos.count) {
            let upload = try LoopbackConnection.request(
                port: port, "PUT", "/v1/photos/\(Wire.sha256(bytes))", token: token, headers: [("Content-Type", "image/jpeg")], body: bytes
            )
            guard upload.status == 201 || upload.status == 200 else { throw ServerProcess.Failure(description: "PUT photo: \(upload.status)") }
        }
        let submitted = try LoopbackConnection.request(port: port, "POST", "/v1/reports/\(report.id)/submit", token: token)
        guard submitted.status == 200 else { throw ServerProcess.Failure(description: "submit: \(submitted.status) \(submitted.text)") }
        return crashID
    }

    @Test("A report submitted before its photos: the list and the report say how many are arriving, each in its place, and the PDF is linked once they are in")
    func photosArriving() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let handler = try server.add("hana", kind: "handler")
        let first = try Fixtures.distinctJPEG(41), second = try Fixtures.distinctJPEG(42)
        // Both named, only the first uploaded before the submit.
        let crashID = try Self.submit(
            port: server.port, token: ann, crashID: "CR-ARVG2345", note: "Photos to follow", injured: true,
            photos: [(first, .licenceAndInsurance), (second, .crashScene)], uploading: 1
        )
        let waiting = try BrowserScript.run("photos_arriving.py", ["http://127.0.0.1:\(server.port)", handler, crashID, "1", "1"])
        #expect(waiting.status == 0, "\(waiting.output)")
        #expect(waiting.output.contains("ok: there is no link to a PDF while photos are arriving"), "\(waiting.output)")

        let upload = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/photos/\(Wire.sha256(second))", token: ann, headers: [("Content-Type", "image/jpeg")], body: second
        )
        #expect(upload.status == 201)
        let arrived = try BrowserScript.run("photos_arriving.py", ["http://127.0.0.1:\(server.port)", handler, crashID, "0", "2"])
        #expect(arrived.status == 0, "\(arrived.output)")
        #expect(arrived.output.contains("ok: the PDF opens"), "\(arrived.output)")
    }

    @Test("A handler signs in, finds the injured report marked, sees its photos and note as text, acknowledges it, and signs out")
    func aHandlersRound() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let handler = try server.add("hana", kind: "handler")
        let injured = try Self.submit(
            port: server.port, token: ann, crashID: "CR-HVRT2345", note: "Hit me <script>alert('x')</script> & drove off", injured: true,
            photos: [(try Fixtures.distinctJPEG(1), .licenceAndInsurance), (try Fixtures.bytes("photo-exif-120x90.jpg"), .crashScene)]
        )
        let plain = try Self.submit(port: server.port, token: ann, crashID: "CR-PMAN2345", note: "Scratch only", injured: false, photos: [])

        let run = try BrowserScript.run("handler_pages.py", ["http://127.0.0.1:\(server.port)", handler, ann, injured, plain])
        let said = run.output
        #expect(run.status == 0, "\(said)")
        #expect(said.contains("ok: text from the report is shown as text"), "\(said)")
        #expect(said.contains("ok: the other parties are listed, numbered, their text as text"), "\(said)")
        #expect(said.contains("ok: another vehicle says who in it was hurt and which vehicles it also touched"), "\(said)")
        #expect(said.contains("ok: who was injured names the cyclist and the third vehicle's driver"), "\(said)")
        #expect(said.contains("ok: a driver's token cannot sign in"), "\(said)")
        #expect(said.contains("ok: a form without its CSRF value is refused"), "\(said)")
        #expect(said.contains("ok: after signing out the list needs signing in again"), "\(said)")
        #expect(FileManager.default.fileExists(atPath: run.screenshots.appendingPathComponent("handler-report.png").path))

        // What the browser did reached the driver's report.
        let read = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: ann)
        let reports = try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: read.body).reports
        #expect(reports.first { $0.crashId == injured }?.acknowledgement?.claimNumber == "2026-04417")
        #expect(reports.first { $0.crashId == injured }?.acknowledgement?.message == "We will call you today.\nKeep the photos.")
        #expect(reports.first { $0.crashId == plain }?.acknowledgement == nil)
    }
}
