import ArgumentParser
import Foundation
import ServerBlobs
import ServerCore

/// `--blob-url s3://BUCKET?endpoint=URL&region=REGION` (or `CRASH_ASSISTANT_BLOB_URL`): keeps photos and PDFs in an
/// S3-compatible bucket instead of the data folder, signed with the `AWS_*` credentials in the environment.
package struct BlobURLOption: ParsableArguments {
    package init() {}

    /// The exit status when the storage configuration cannot be used (sysexits' `EX_CONFIG`).
    package static let configurationExitCode: Int32 = 78
    /// The exit status when the bucket cannot be reached at start (sysexits' `EX_UNAVAILABLE`).
    package static let unavailableExitCode: Int32 = 69

    @Option(name: .customLong("blob-url"), help: ArgumentHelp(
        "Keeps photos and PDFs in an S3-compatible bucket, e.g. s3://BUCKET?endpoint=http://127.0.0.1:9000&region=us-east-1 "
            + "(also CRASH_ASSISTANT_BLOB_URL; credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). "
            + "Default: the data folder.",
        valueName: "URL"
    ))
    package var url: String?

    /// The bucket to keep blobs in, or `nil` for the data folder. A malformed URL or missing credentials are said
    /// in a sentence on standard error, and the command exits 78.
    package func bucket(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> S3Client? {
        guard let text = url ?? environment["CRASH_ASSISTANT_BLOB_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        do {
            let location = try S3Location(url: text)
            return S3Client(location: location, credentials: try S3Credentials.fromEnvironment(environment))
        } catch {
            throw Self.failure(BlobStorageText.sentence(for: error), status: Self.configurationExitCode)
        }
    }

    /// Checks the bucket answers (`HEAD` bucket); when it does not, says why and exits: 78 when the bucket is missing
    /// or the credentials are refused, 69 when the store cannot be reached.
    package static func check(_ bucket: S3Client) async throws {
        do {
            try await bucket.checkBucket()
        } catch {
            let status = if case BlobStoreError.unreachable = error { unavailableExitCode } else { configurationExitCode }
            throw failure(BlobStorageText.sentence(for: error), status: status)
        }
    }

    /// Writes the sentence to standard error as the argument parser writes its errors, and gives the exit to throw.
    private static func failure(_ sentence: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(sentence)\n".utf8))
        return ExitCode(status)
    }
}
