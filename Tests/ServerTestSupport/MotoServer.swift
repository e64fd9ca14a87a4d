import Foundation
import ServerBlobs
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A local S3 stand-in (`moto_server`, PyPI `moto[server]`) on 127.0.0.1 on a free port, started once for the test
/// process and stopped when it exits (a shell beside it watches the test process and kills it then: signals the test
/// process blocks stay blocked in its children, so only SIGKILL ends it). Each test makes a bucket of its own in it.
///
/// When it cannot be started, ``start()`` throws saying why and how to install it (`scripts/ensure-moto.sh`), so the
/// S3 tests fail rather than pass without having run.
package final class MotoServer: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static let region = "us-east-1"

    package let port: Int
    /// The keys requests are signed with: any do, unless the stand-in checks signatures (then an IAM user's).
    package let credentials: S3Credentials
    private let process: Process

    package var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The credentials as a server process is given them.
    package var credentialEnvironment: [String: String] {
        ["AWS_ACCESS_KEY_ID": credentials.accessKeyID, "AWS_SECRET_ACCESS_KEY": credentials.secretAccessKey]
    }

    private static let shared = Result { try MotoServer(checkingSignatures: false) }
    private static let checking = Result { try MotoServer(checkingSignatures: true) }

    /// The running stand-in.
    package static func start() throws -> MotoServer {
        try shared.get()
    }

    /// A second stand-in that checks every request's signature against the keys of an IAM user it was given at start,
    /// with a policy allowing all of S3 (moto's `INITIAL_NO_AUTH_ACTION_COUNT` lets the three requests making the user,
    /// its policy and its keys through unchecked).
    package static func startCheckingSignatures() throws -> MotoServer {
        try checking.get()
    }

    /// A new, empty bucket in the stand-in, and a client for it.
    package func makeBucket() async throws -> S3Client {
        let name = "crash-tests-\(UUID().uuidString.lowercased())"
        let client = S3Client(
            location: try S3Location(url: "s3://\(name)?endpoint=\(endpoint)&region=\(Self.region)"), credentials: credentials
        )
        try await client.createBucket()
        return client
    }

    /// The `--blob-url` of a bucket in the stand-in.
    package func blobURL(of bucket: S3Client) -> String {
        "s3://\(bucket.location.bucket)?endpoint=\(endpoint)&region=\(Self.region)"
    }

    private init(checkingSignatures: Bool) throws {
        let executable = try Self.executable()
        let port = try LoopbackPort.free()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("moto-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", Self.watcher, "moto-watcher", executable, String(port), String(getpid())]
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        if checkingSignatures {
            process.environment = ProcessInfo.processInfo.environment.merging(["INITIAL_NO_AUTH_ACTION_COUNT": "3"]) { $1 }
        }
        OwnThreadsExecutor.expectCurrent("Starting the S3 stand-in")
        do {
            try process.run()
        } catch {
            throw Failure(description: "moto_server (\(executable)) could not be started: \(error). Run scripts/ensure-moto.sh.")
        }
        self.port = port
        self.process = process
        let deadline = Date().addingTimeInterval(60)
        while !Self.answers(port: port) {
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { process.terminate() }
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw Failure(description: "moto_server (\(executable)) did not start on 127.0.0.1:\(port): \(said.suffix(600)) "
                    + "Run scripts/ensure-moto.sh to install moto[server].")
            }
            usleep(100_000)
        }
        credentials = checkingSignatures
            ? try Self.makeUser(port: port)
            : S3Credentials(accessKeyID: "crash-assistant-tests", secretAccessKey: "moto-accepts-any-secret")
    }

    /// Makes an IAM user allowed all of S3, and gives its new keys (the stand-in's first three requests).
    private static func makeUser(port: Int) throws -> S3Credentials {
        let policy = #"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}"#
        let actions = [
            "Action=CreateUser&UserName=crash-tests",
            "Action=PutUserPolicy&UserName=crash-tests&PolicyName=all-of-s3&PolicyDocument="
                + (policy.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
            "Action=CreateAccessKey&UserName=crash-tests",
        ]
        var answer = ""
        for action in actions {
            let reply = try LoopbackConnection.request(port: port, "POST", "/", headers: [
                // Routes the request to IAM; not checked, as these are the requests let through.
                ("Authorization", "AWS4-HMAC-SHA256 Credential=none/20260101/us-east-1/iam/aws4_request, SignedHeaders=host, Signature=0"),
                ("Content-Type", "application/x-www-form-urlencoded"),
            ], body: Data((action + "&Version=2010-05-08").utf8))
            guard reply.status == 200 else { throw Failure(description: "moto refused \(action): \(reply.status) \(reply.text.prefix(300))") }
            answer = reply.text
        }
        guard let key = S3Client.elements("AccessKeyId", in: answer).first,
              let secret = S3Client.elements("SecretAccessKey", in: answer).first else {
            throw Failure(description: "moto gave no access key: \(answer.prefix(300))")
        }
        return S3Credentials(accessKeyID: key, secretAccessKey: secret)
    }

    /// Runs moto_server (`$1`) on port `$2` while the process `$3` (the tests) lives, then kills it.
    private static let watcher = """
        "$1" -H 127.0.0.1 -p "$2" & server=$!
        while kill -0 "$3" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
        kill -9 "$server" 2>/dev/null
        """

    /// `moto_server` from `MOTO_SERVER`, the `PATH`, or pyenv's shims.
    private static func executable() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["MOTO_SERVER"]].compactMap { $0 }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/moto_server" }
        candidates.append(NSHomeDirectory() + "/.pyenv/shims/moto_server")
        candidates.append(NSHomeDirectory() + "/.local/bin/moto_server")
        candidates.append("/root/.pyenv/shims/moto_server")
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "moto_server is not installed (looked in MOTO_SERVER, PATH and ~/.pyenv/shims). "
                + "Run scripts/ensure-moto.sh to install moto[server] with pip.")
        }
        return found
    }

    /// Whether something accepts connections on the port.
    private static func answers(port: Int) -> Bool {
        (try? LoopbackConnection(port: port)) != nil
    }
}
