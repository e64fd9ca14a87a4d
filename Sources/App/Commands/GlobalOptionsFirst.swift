/// Every command takes the same storage options (``StorageOptions``), so they may come before the command's name as
/// well as after it: `crash-assistant --database r.db reports` is read as `crash-assistant reports --database r.db`.
enum GlobalOptionsFirst {
    /// The storage options that take a value (`--database r.db` or `--database=r.db`).
    static let valued: Set<String> = ["--store", "--database", "--server", "--token", "--token-file", "--language"]
    /// The storage options that take none.
    static let flags: Set<String> = ["--allow-plain-http"]

    /// The arguments with a command's name moved before the storage options that precede it; unchanged when they do
    /// not start with storage options followed by a command's name (an unknown option, or a value where a name
    /// would be, is left for the parser to name).
    static func reordered(_ arguments: [String], commands: Set<String>) -> [String] {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), argument.contains("="), valued.contains(String(argument.prefix { $0 != "=" })) {
                index += 1
            } else if valued.contains(argument) {
                index += 2
            } else if flags.contains(argument) {
                index += 1
            } else {
                break
            }
        }
        guard index > 0, index < arguments.count, commands.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }
}
