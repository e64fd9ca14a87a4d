/// A request body went over the server's limit while it streamed.
package struct BodyTooLarge: Error, Sendable {
    package let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }
}
