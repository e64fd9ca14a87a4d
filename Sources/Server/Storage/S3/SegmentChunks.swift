import AsyncHTTPClient
import NIOCore

/// An upload's segments read one after the other as one async sequence of bytes (the body of the PUT that stores
/// the whole upload under its hash): one segment's GET is open at a time.
struct SegmentChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let client: S3Client
    let upload: UploadID
    /// The segments in order, running on from byte 0 without a gap.
    let segments: [S3Segment]

    func makeAsyncIterator() -> Iterator {
        Iterator(client: client, upload: upload, segments: segments[...])
    }

    struct Iterator: AsyncIteratorProtocol {
        let client: S3Client
        let upload: UploadID
        var segments: ArraySlice<S3Segment>
        private var current: HTTPClientResponse.Body.AsyncIterator?

        init(client: S3Client, upload: UploadID, segments: ArraySlice<S3Segment>) {
            self.client = client
            self.upload = upload
            self.segments = segments
        }

        mutating func next() async throws -> ByteBuffer? {
            while true {
                if current != nil {
                    if let buffer = try await current?.next() { return buffer }
                    current = nil
                }
                guard let segment = segments.popFirst() else { return nil }
                guard let body = try await client.get(segment.key) else {
                    throw BlobStoreError.uploadShorter(upload, length: segment.offset, offset: segment.end)
                }
                current = body.makeAsyncIterator()
            }
        }
    }
}
