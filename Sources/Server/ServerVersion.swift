/// The server's version, as `GET /health` and `--version` give it.
enum ServerVersion {
    static let current = "1.0.0"
}
