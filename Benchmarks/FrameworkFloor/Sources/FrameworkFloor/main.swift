import Foundation
import Hummingbird

// Usage: FrameworkFloor FILE PORT — serves FILE's bytes (read once) at every path on 127.0.0.1:PORT, as
// `application/json`, until killed.
let arguments = CommandLine.arguments
guard arguments.count == 3, let bytes = FileManager.default.contents(atPath: arguments[1]), let port = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: FrameworkFloor FILE PORT\n".utf8))
    exit(64)
}
let body = ByteBuffer(bytes: bytes)
let router = Router()
router.get("**") { _, _ in
    Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()
