import Data
import Domain
import Foundation
import Testing
import TestSupport
import WireAPI
import Storage
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// The real server binary with `--blob-url` pointing at a local S3 stand-in (moto): photos and PDFs go to the bucket,
/// an upload cut off on one instance is resumed on the next, and configuration mistakes are said before it serves.
@Suite("Server on a port, blobs in S3", .serialized, .ownThreads)
struct ServerS3LiveTests {
    /// The variables giving the server the stand-in's keys.
    func credentials(of moto: MotoServer, secret: String? = nil) -> [String: String] {
        ["AWS_ACCESS_KEY_ID": moto.credentials.accessKeyID, "AWS_SECRET_ACCESS_KEY": secret ?? moto.credentials.secretAccessKey]
    }

    @Test("Photos upload, resume after the instance is stopped, download; the PDF renders; the bucket holds one object per photo")
    func photosAndPDFInTheBucket() async throws {
        let moto = try MotoServer.start()
        let bucket = try await moto.makeBucket()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-s3-\(UUID().uuidString)")
        let arguments = ["--blob-url", moto.blobURL(of: bucket)]
        var server = try ServerProcess(dataFolder: folder, arguments: arguments, environment: credentials(of: moto))
        #expect(server.output.contains("photos and PDFs in the bucket \(bucket.location.bucket)"))
        let ann = try server.add("ann")

        let small = try LargePhotos.jpeg(bytes: 300_000, seed: 1)
        let large = try LargePhotos.jpeg(bytes: 3 * 1024 * 1024, seed: 2)
        var report = try makeDraft()
        try report.addPhoto(try makePhoto(small))
        try report.addPhoto(try makePhoto(large))
        let reportPath = "/v1/reports/\(report.id)"
        let json = [("Content-Type", "application/json")]
        #expect(try LoopbackConnection.request(
            port: server.port, "PUT", reportPath, token: ann, headers: json, body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        ).status == 201)

        // One photo in one PUT.
        let smallPath = "/v1/photos/\(Wire.sha256(small))"
        #expect(try LoopbackConnection.request(
            port: server.port, "PUT", smallPath, token: ann, headers: [("Content-Type", "image/jpeg")], body: small
        ).status == 201)

        // The other cut off mid-body; the instance stops; the next one resumes it from what the bucket holds.
        let largePath = "/v1/photos/\(Wire.sha256(large))"
        let sent = large.count * 6 / 10
        let connection = try LoopbackConnection(port: server.port)
        try connection.sendHead("PUT", largePath, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(large.count)),
        ])
        try connection.send(large.prefix(sent))
        usleep(300_000)
        connection.cut()
        let offset = try LoopbackConnection.partialUploadOffset(port: server.port, path: largePath, token: ann)
        #expect(offset == sent)
        #expect(try server.stop() == 0)
        #expect(try await !bucket.list(prefix: "upload/").isEmpty)

        server = try ServerProcess(dataFolder: folder, arguments: arguments, environment: credentials(of: moto))
        defer { _ = try? server.stop() }
        #expect(try LoopbackConnection.partialUploadOffset(port: server.port, path: largePath, token: ann) == sent)
        let rest = try LoopbackConnection.request(
            port: server.port, "PATCH", largePath, token: ann,
            headers: [("Upload-Offset", String(sent)), ("Content-Type", "application/partial-upload")], body: large.dropFirst(sent)
        )
        #expect(rest.status == 201)
        #expect(try LoopbackConnection.request(port: server.port, "GET", largePath, token: ann).body == large)
        #expect(try LoopbackConnection.request(port: server.port, "GET", smallPath, token: ann).body == small)

        // Submitted, its PDF rendered from the photos in the bucket and kept there.
        #expect(try LoopbackConnection.request(port: server.port, "POST", "\(reportPath)/submit", token: ann).status == 200)
        let pdf = try LoopbackConnection.request(port: server.port, "GET", "\(reportPath)/report.pdf", token: ann)
        #expect(pdf.status == 200)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        _ = try tools.checkStructure(try tools.write(pdf.body))

        let keys = try await bucket.list(prefix: "").map(\.key)
        #expect(keys.filter { $0.hasPrefix("photo/") }.sorted() == ["photo/\(Wire.sha256(small))", "photo/\(Wire.sha256(large))"].sorted())
        #expect(keys.filter { $0.hasPrefix("document/") } == ["document/\(ContentHash.sha256(of: pdf.body).hex)"])
        #expect(keys.count == 3)
        // Nothing of the photos and PDFs in the data folder (`user add` opens it without the bucket, so its blob
        // folders may be there, empty).
        #expect(try ServerLiveTests.files(under: folder.appendingPathComponent("blobs")).isEmpty)
        #expect(try ServerLiveTests.files(under: folder.appendingPathComponent("uploads")).isEmpty)
    }

    @Test("A malformed blob URL, missing or refused credentials, a missing bucket or an unreachable store are said in a sentence, and the server does not start")
    func configurationMistakes() async throws {
        let moto = try MotoServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-s3-\(UUID().uuidString)").path
        let serve = ["serve", "--port", "0", "--data", folder, "--blob-url"]

        let malformed = try ServerProcess.run(serve + ["s3://Not_A_Bucket"], environment: credentials(of: moto))
        #expect(malformed.status == 78)
        #expect(malformed.errors.contains("The blob URL s3://Not_A_Bucket cannot be used: the bucket name must be"))

        let url = "s3://crash-photos?endpoint=\(moto.endpoint)"
        let noCredentials = try ServerProcess.run(serve + [url])
        #expect(noCredentials.status == 78)
        #expect(noCredentials.errors.contains("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment"))

        let fromEnvironment = try ServerProcess.run(
            Array(serve.dropLast()), environment: credentials(of: moto).merging(["CRASH_ASSISTANT_BLOB_URL": "s3://no-such-bucket-\(UUID().uuidString.prefix(8).lowercased())?endpoint=\(moto.endpoint)"]) { $1 }
        )
        #expect(fromEnvironment.status == 78)
        #expect(fromEnvironment.errors.contains("does not exist"))

        let checking = try MotoServer.startCheckingSignatures()
        let guarded = try await checking.makeBucket()
        let refused = try ServerProcess.run(
            serve + [checking.blobURL(of: guarded)], environment: credentials(of: checking, secret: "not-the-secret")
        )
        #expect(refused.status == 78)
        #expect(refused.errors.contains("The blob storage refused access to the bucket \(guarded.location.bucket)"))

        let unreachable = try ServerProcess.run(serve + ["s3://crash-photos?endpoint=http://127.0.0.1:9"], environment: credentials(of: moto))
        #expect(unreachable.status == 69)
        #expect(unreachable.errors.contains("Cannot reach the blob storage at http://127.0.0.1:9"))
    }
}
