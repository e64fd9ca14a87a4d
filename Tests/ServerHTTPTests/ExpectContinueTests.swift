import Crypto
import Foundation
import Testing
import TestSupport
import ServerTestSupport

/// Clients that ask before sending a large body (`Expect: 100-continue`) are answered at once.
@Suite("Expect: 100-continue", .ownThreads)
struct ExpectContinueTests {
    /// curl's verbose account of an upload of `photo`, and its status line.
    static func curlUpload(_ photo: Data, to server: ServerProcess, token: String, in folder: TemporaryDirectory) throws -> String {
        let file = try folder.write(photo, to: "photo.jpg")
        let sha = SHA256.hash(data: photo).map { String(format: "%02x", $0) }.joined()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = [
            "-sv", "-o", "/dev/null", "-X", "PUT", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: image/jpeg",
            "-H", "Expect: 100-continue", "--data-binary", "@\(file.path)",
            "http://127.0.0.1:\(server.port)/v1/photos/\(sha)",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test("A 2 MB photo upload asking to continue gets 100 Continue, then 201")
    func anUploadAskingToContinueIsAnsweredAtOnce() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let folder = TemporaryDirectory("expect")
        let account = try Self.curlUpload(try LargePhotos.jpeg(bytes: 2_000_000, seed: 11), to: server, token: token, in: folder)
        #expect(account.contains("< HTTP/1.1 100 Continue"))
        #expect(account.contains("< HTTP/1.1 201 Created"))
        #expect(server.storedPhotoFiles().count == 1)
    }
}
