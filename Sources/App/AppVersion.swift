/// The version `crash-assistant --version` prints.
enum AppVersion {
    static let current = "0.1.0"
}
