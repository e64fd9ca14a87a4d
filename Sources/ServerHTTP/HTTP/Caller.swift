import ServerCore

/// The account the current request was authenticated as, set by ``AuthMiddleware`` for the handling of one
/// request (a task-local value, so the generated OpenAPI handlers, which see no request context, can read it).
package enum Caller {
    @TaskLocal package static var current: Account?

    /// The calling user.
    /// - Throws: 401 when the request carries a detector's token (every report and photo route is a user's).
    package static func user() throws(APIProblem) -> Account {
        guard let account = current, account.kind == .user else {
            throw .unauthorized("This route needs a user's token (from `crash-assistant-server user add NAME`).")
        }
        return account
    }

    /// The calling claims handler.
    /// - Throws: 401 when the request carries a driver's or a detector's token (claims are the insurer's to read).
    package static func handler() throws(APIProblem) -> Account {
        guard let account = current, account.kind == .handler else {
            throw .unauthorized("Claims need a claims handler's token (from `crash-assistant-server handler add NAME`).")
        }
        return account
    }

    /// The calling detector.
    /// - Throws: 401 when the request carries a user's token (crash events come from the detection side).
    package static func detector() throws(APIProblem) -> Account {
        guard let account = current, account.kind == .detector else {
            throw .unauthorized("Crash events need a detector's token (from `crash-assistant-server detector add NAME`).")
        }
        return account
    }
}
