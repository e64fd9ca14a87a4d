/// One object as a bucket listing gives it.
struct S3Object: Sendable, Hashable {
    let key: String
    let size: Int
}
