/// The version of Crash Assistant — the app and the server are released together and say the same: `crash-assistant
/// --version`, `crash-assistant-server --version`, `GET /health`, and the app's first line.
public enum ProductVersion {
    public static let current = "1.1.0"
}
