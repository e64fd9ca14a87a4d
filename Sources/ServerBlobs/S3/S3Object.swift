
/// One object as a bucket listing gives it.
package struct S3Object: Sendable, Hashable {
    package let key: String
    package let size: Int
}
