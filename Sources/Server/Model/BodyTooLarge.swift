/// A request body went over the server's limit while it streamed.
struct BodyTooLarge: Error, Sendable {
    let limit: Int
}
