/// One piece of an upload under way, kept as the object `upload/<upload id>/<offset>`: the upload's bytes from
/// `offset`, `length` of them.
struct S3Segment: Sendable, Hashable {
    let key: String
    let offset: Int
    let length: Int

    var end: Int { offset + length }

    /// The segments that run on from byte 0 without a gap, in order (what the upload holds for sure).
    static func contiguous(_ segments: [S3Segment]) -> [S3Segment] {
        var run: [S3Segment] = []
        for segment in segments.sorted(by: { $0.offset < $1.offset }) {
            guard segment.offset == (run.last?.end ?? 0) else { break }
            run.append(segment)
        }
        return run
    }
}
