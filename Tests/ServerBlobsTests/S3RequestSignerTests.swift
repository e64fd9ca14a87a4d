import Data
import Domain
import Foundation
import ServerBlobs
import Storage
import Testing
import TestSupport

/// The signer against the S3 examples AWS publishes for Signature V4 ("Signature Calculations for the
/// Authorization Header: Transferring Payload in a Single Chunk"): their key, 24 May 2013, us-east-1, examplebucket.
@Suite("Signature V4 for S3 requests")
struct S3RequestSignerTests {
    let signer = S3RequestSigner(
        credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
        region: "us-east-1"
    )
    let host = "examplebucket.s3.amazonaws.com"
    /// 2013-05-24T00:00:00Z.
    let date = Date(timeIntervalSince1970: 1_369_353_600)

    func header(_ name: String, in headers: [(String, String)]) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    @Test func aRangedGetObjectIsSignedAsPublished() {
        let headers = signer.sign(
            method: "GET", host: host, path: "/test.txt", headers: [("Range", "bytes=0-9")],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: date
        )

        #expect(header("Authorization", in: headers) == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
            + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(header("x-amz-date", in: headers) == "20130524T000000Z")
        #expect(header("x-amz-content-sha256", in: headers) == S3RequestSigner.emptyPayloadHash)
    }

    @Test func aPutObjectWithAKeyToEncodeIsSignedAsPublished() {
        let body = Data("Welcome to Amazon S3.".utf8)
        let payloadHash = ContentHash.sha256(of: body).hex
        #expect(payloadHash == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")

        let headers = signer.sign(
            method: "PUT", host: host, path: "/test$file.text",
            headers: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY")],
            payloadHash: payloadHash, date: date
        )

        #expect(S3RequestSigner.canonicalPath("/test$file.text") == "/test%24file.text")
        #expect(header("Authorization", in: headers) == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
            + "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,"
            + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test func aGetBucketLifecycleIsSignedAsPublished() {
        let headers = signer.sign(
            method: "GET", host: host, path: "/", query: [("lifecycle", "")],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: date
        )

        #expect(header("Authorization", in: headers)?.hasSuffix(
            "SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"
        ) == true)
    }

    @Test func aListObjectsQueryIsSortedAndSignedAsPublished() {
        let headers = signer.sign(
            method: "GET", host: host, path: "/", query: [("prefix", "J"), ("max-keys", "2")],
            payloadHash: S3RequestSigner.emptyPayloadHash, date: date
        )

        #expect(S3RequestSigner.canonicalQuery([("prefix", "J"), ("max-keys", "2")]) == "max-keys=2&prefix=J")
        #expect(header("Authorization", in: headers)?.hasSuffix(
            "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"
        ) == true)
    }

    @Test func aSessionTokenIsSentAndSigned() {
        let withToken = S3RequestSigner(
            credentials: S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "secret", sessionToken: "the-token"),
            region: "us-east-1"
        )

        let headers = withToken.sign(method: "GET", host: host, path: "/test.txt", payloadHash: S3RequestSigner.unsignedPayload, date: date)

        #expect(header("x-amz-security-token", in: headers) == "the-token")
        #expect(header("x-amz-content-sha256", in: headers) == "UNSIGNED-PAYLOAD")
        #expect(header("Authorization", in: headers)?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
    }

    @Test func aBlobURLGivesTheBucketEndpointAndRegion() throws {
        let location = try S3Location(url: "s3://crash-photos?endpoint=http://127.0.0.1:9000&region=eu-central-1")

        #expect(location.bucket == "crash-photos")
        #expect(location.endpoint == "http://127.0.0.1:9000")
        #expect(location.region == "eu-central-1")
        #expect(try S3Location(url: "s3://crash-photos").endpoint == "https://s3.us-east-1.amazonaws.com")
        for malformed in ["http://crash-photos", "s3://Crash_Photos", "s3://crash-photos/sub", "s3://crash-photos?endpoint=ftp://x",
                          "s3://crash-photos?colour=blue"] {
            #expect(throws: S3ConfigurationError.self, "\(malformed)") { try S3Location(url: malformed) }
        }
        #expect(throws: S3ConfigurationError.credentialsMissing(["AWS_SECRET_ACCESS_KEY"])) {
            try S3Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "key"])
        }
    }
}
