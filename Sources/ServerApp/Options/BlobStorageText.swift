import ServerBlobs
import ServerCore
import ServerHTTP

/// The blob storage's configuration and failures in words, for the command line.
package enum BlobStorageText {
    package static func sentence(for error: any Error) -> String {
        switch error {
        case let S3ConfigurationError.malformedURL(url, problem):
            "The blob URL \(url) cannot be used: \(problem)."
        case let S3ConfigurationError.credentialsMissing(names):
            "The blob URL needs credentials: set \(names.joined(separator: " and ")) in the environment."
        case let BlobStoreError.unreachable(endpoint, reason):
            "Cannot reach the blob storage at \(endpoint): \(reason)."
        case let BlobStoreError.accessRefused(bucket, code):
            "The blob storage refused access to the bucket \(bucket) (\(code)). "
                + "Check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket's permissions."
        case let BlobStoreError.bucketMissing(bucket):
            "The bucket \(bucket) does not exist at the blob storage's endpoint. Create it, or name another in --blob-url."
        case let BlobStoreError.storeFailed(operation, key, status, code):
            "The blob storage could not \(operation) \(key): HTTP \(status) \(code)."
        default:
            ProblemText.sentence(for: error)
        }
    }
}
