import AsyncHTTPClient
import Crypto
import Domain
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ServerCore

/// The few S3 operations the blob store needs, path-style (`ENDPOINT/BUCKET/KEY`), signed with Signature V4, over
/// AsyncHTTPClient. Answers that are not successes become ``BlobStoreError`` facts: the store could not be reached,
/// it refused the credentials, the bucket is missing, or an operation failed with the store's error code.
package struct S3Client: Sendable {
    /// How the body of a request is sent and signed.
    package enum Payload: Sendable {
        case empty
        /// Bytes in memory, signed with their SHA-256.
        case bytes(ByteBuffer)
        /// A body streamed as it is sent (of known length), signed with `sha256` (or
        /// ``S3RequestSigner/unsignedPayload``).
        case stream(HTTPClientRequest.Body, sha256: String)
    }

    /// The one HTTP client of the process, made at first use and never shut down (like `HTTPClient.shared`), so no
    /// request can outlive it. Its timeouts are per phase: connecting, and each wait for bytes to read or to write.
    package static let httpClient = HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(5), read: .seconds(30), write: .seconds(30))
        )
    )

    /// How long a request without a large body may take in all.
    package static let shortDeadline = TimeAmount.seconds(60)
    /// How long a request streaming a blob may take in all (a slow link and the largest photo).
    package static let longDeadline = TimeAmount.minutes(15)

    package let location: S3Location
    package let signer: S3RequestSigner
    private let http: HTTPClient

    package init(location: S3Location, credentials: S3Credentials, http: HTTPClient = S3Client.httpClient) {
        self.location = location
        self.signer = S3RequestSigner(credentials: credentials, region: location.region)
        self.http = http
    }

    // MARK: - Bucket

    /// Checks the bucket is there and the credentials reach it (`HEAD` bucket).
    package func checkBucket() async throws {
        let response = try await send(.HEAD, key: nil)
        try await expectSuccess(response, operation: "check", key: nil)
    }

    /// Creates the bucket (for set-up and tests); a bucket this account owns already is not an error.
    package func createBucket() async throws {
        let response = try await send(.PUT, key: nil)
        guard (200..<300).contains(response.status.code) else {
            let code = try await Self.errorCode(of: response)
            if code == "BucketAlreadyOwnedByYou" { return }
            throw failure(response.status, code: code, operation: "create", key: nil)
        }
        _ = try await response.body.collect(upTo: 1_024 * 1_024)
    }

    /// Every object whose key starts with `prefix`, in key order (ListObjectsV2, page after page).
    package func list(prefix: String) async throws -> [S3Object] {
        var objects: [S3Object] = []
        var continuation: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let continuation { query.append(("continuation-token", continuation)) }
            let response = try await send(.GET, key: nil, query: query)
            guard response.status == .ok else {
                throw failure(response.status, code: try await Self.errorCode(of: response), operation: "list", key: prefix)
            }
            let xml = String(buffer: try await response.body.collect(upTo: 32 * 1_024 * 1_024))
            for entry in Self.elements("Contents", in: xml) {
                guard let key = Self.elements("Key", in: entry).first, let size = Self.elements("Size", in: entry).first.flatMap(Int.init) else {
                    throw BlobStoreError.storeFailed(operation: "list", key: prefix, status: 200, code: "an entry without a key or size")
                }
                objects.append(S3Object(key: key, size: size))
            }
            continuation = Self.elements("IsTruncated", in: xml).first == "true" ? Self.elements("NextContinuationToken", in: xml).first : nil
        } while continuation != nil
        return objects.sorted { $0.key < $1.key }
    }

    // MARK: - Objects

    /// The object's length, or `nil` when there is no such object.
    package func length(of key: String) async throws -> Int? {
        let response = try await send(.HEAD, key: key)
        if response.status == .notFound { return nil }
        try await expectSuccess(response, operation: "look up", key: key)
        guard let length = response.headers.first(name: "content-length").flatMap(Int.init) else {
            throw BlobStoreError.storeFailed(
                operation: "look up", key: key, status: Int(response.status.code), code: "no Content-Length"
            )
        }
        return length
    }

    /// The object's bytes (or those in `range`), as they arrive; `nil` when there is no such object. The caller
    /// reads the body to its end.
    package func get(_ key: String, range: Range<Int>? = nil) async throws -> HTTPClientResponse.Body? {
        var headers: [(String, String)] = []
        if let range { headers.append(("Range", "bytes=\(range.lowerBound)-\(range.upperBound - 1)")) }
        let response = try await send(.GET, key: key, headers: headers, deadline: Self.longDeadline)
        switch response.status {
        case .ok, .partialContent:
            return response.body
        default:
            let code = try await Self.errorCode(of: response)
            if response.status == .notFound, code != "NoSuchBucket" { return nil }
            throw failure(response.status, code: code, operation: "read", key: key)
        }
    }

    /// Writes the object. With `createOnly`, an object already there is kept (`If-None-Match: *`).
    /// - Returns: `false` when `createOnly` kept an object already there.
    @discardableResult
    package func put(_ key: String, _ payload: Payload, createOnly: Bool = false, headers: [(String, String)] = []) async throws -> Bool {
        let headers = headers + (createOnly ? [("If-None-Match", "*")] : [])
        let response = try await send(.PUT, key: key, headers: headers, payload: payload, deadline: Self.longDeadline)
        if createOnly, response.status == .preconditionFailed || response.status == .conflict {
            _ = try? await response.body.collect(upTo: 1_024 * 1_024)
            return false
        }
        try await expectSuccess(response, operation: "write", key: key)
        return true
    }

    /// Copies the object `source` of the bucket to `key` inside the store (CopyObject), no bytes passing through here.
    package func copy(_ source: String, to key: String) async throws {
        let headers = [("x-amz-copy-source", S3RequestSigner.canonicalPath("/\(location.bucket)/\(source)"))]
        let response = try await send(.PUT, key: key, headers: headers, deadline: Self.longDeadline)
        guard (200..<300).contains(response.status.code) else {
            throw failure(response.status, code: try await Self.errorCode(of: response), operation: "copy to", key: key)
        }
        // A copy can fail after its 200 was sent: the body is then an error, not a result.
        let body = String(buffer: try await response.body.collect(upTo: 1_024 * 1_024))
        if body.contains("<Error>") {
            throw failure(.internalServerError, code: Self.elements("Code", in: body).first, operation: "copy to", key: key)
        }
    }

    /// Deletes the object; deleting one that is not there is not an error.
    package func delete(_ key: String) async throws {
        let response = try await send(.DELETE, key: key)
        guard (200..<300).contains(response.status.code) else {
            let code = try await Self.errorCode(of: response)
            if response.status == .notFound, code != "NoSuchBucket" { return }
            throw failure(response.status, code: code, operation: "delete", key: key)
        }
        _ = try await response.body.collect(upTo: 1_024 * 1_024)
    }

    // MARK: - Requests

    /// Signs and sends one request. Failing to reach the store at all is ``BlobStoreError/unreachable(endpoint:reason:)``.
    package func send(
        _ method: HTTPMethod, key: String?, query: [(String, String)] = [], headers: [(String, String)] = [],
        payload: Payload = .empty, deadline: TimeAmount = S3Client.shortDeadline
    ) async throws -> HTTPClientResponse {
        let path = "/\(location.bucket)" + (key.map { "/\($0)" } ?? "")
        let queryText = S3RequestSigner.canonicalQuery(query)
        var request = HTTPClientRequest(
            url: location.endpoint + S3RequestSigner.canonicalPath(path) + (queryText.isEmpty ? "" : "?\(queryText)")
        )
        request.method = method
        let payloadHash: String
        switch payload {
        case .empty:
            payloadHash = S3RequestSigner.emptyPayloadHash
        case let .bytes(buffer):
            payloadHash = buffer.withUnsafeReadableBytes { lowercaseHex(SHA256.hash(data: $0)) }
            request.body = .bytes(buffer)
        case let .stream(body, sha256):
            payloadHash = sha256
            request.body = body
        }
        let signed = signer.sign(
            method: method.rawValue, host: location.hostHeader, path: path, query: query, headers: headers,
            payloadHash: payloadHash, date: Date()
        )
        for (name, value) in headers + signed { request.headers.add(name: name, value: value) }
        do {
            return try await http.execute(request, timeout: deadline)
        } catch let error as BlobStoreError {
            throw error
        } catch {
            throw BlobStoreError.unreachable(endpoint: location.endpoint, reason: Self.reason(error))
        }
    }

    /// Reads an answer that must be a success to its end, or throws what it says.
    private func expectSuccess(_ response: HTTPClientResponse, operation: String, key: String?) async throws {
        guard (200..<300).contains(response.status.code) else {
            throw failure(response.status, code: try await Self.errorCode(of: response), operation: operation, key: key)
        }
        _ = try await response.body.collect(upTo: 1_024 * 1_024)
    }

    /// The fact an error answer states: credentials or access refused, the bucket missing, or a failed operation
    /// (on the object `key`, or on the bucket when `key` is `nil`).
    private func failure(_ status: HTTPResponseStatus, code: String?, operation: String, key: String?) -> BlobStoreError {
        let code = code ?? status.reasonPhrase
        if status == .forbidden || ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"].contains(code) {
            return .accessRefused(bucket: location.bucket, code: code)
        }
        if code == "NoSuchBucket" || (status == .notFound && key == nil) {
            return .bucketMissing(location.bucket)
        }
        return .storeFailed(operation: operation, key: key ?? location.bucket, status: Int(status.code), code: code)
    }

    /// The `<Code>` of an S3 error body (read to its end), if it has one.
    private static func errorCode(of response: HTTPClientResponse) async throws -> String? {
        let body = try await response.body.collect(upTo: 1_024 * 1_024)
        return elements("Code", in: String(buffer: body)).first
    }

    /// Why a request did not reach the store, in a few words.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return "connecting timed out"
            case .deadlineExceeded: return "it did not answer in time"
            case .readTimeout: return "it stopped answering"
            case .writeTimeout: return "it stopped taking the request"
            case .remoteConnectionClosed: return "it closed the connection"
            default: return String(describing: error)
            }
        }
        if error is NIOConnectionError { return "the connection was refused or the name did not resolve" }
        return String(String(describing: error).prefix(300))
    }

    // MARK: - XML

    /// The text inside each `<name>…</name>` in the XML, in order, with the five predefined entities decoded
    /// (enough for S3's listings and error bodies; keys the server writes are plain).
    package static func elements(_ name: String, in xml: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(name)>"), let close = rest[open.upperBound...].range(of: "</\(name)>") {
            found.append(
                String(rest[open.upperBound..<close.lowerBound])
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                    .replacingOccurrences(of: "&amp;", with: "&")
            )
            rest = rest[close.upperBound...]
        }
        return found
    }
}
