
/// One piece of an upload under way, kept as the object `upload/<upload id>/<offset>`: the upload's bytes from
/// `offset`, `length` of them.
package struct S3Segment: Sendable, Hashable {
    package let key: String
    package let offset: Int
    package let length: Int

    package var end: Int { offset + length }

    /// The segments that run on from byte 0 without a gap, in order (what the upload holds for sure).
    package static func contiguous(_ segments: [S3Segment]) -> [S3Segment] {
        var run: [S3Segment] = []
        for segment in segments.sorted(by: { $0.offset < $1.offset }) {
            guard segment.offset == (run.last?.end ?? 0) else { break }
            run.append(segment)
        }
        return run
    }
}
