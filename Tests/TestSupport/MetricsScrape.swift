import Foundation

/// One answer of a server's metrics listener (`serve --metrics-port`), in Prometheus's text format, read as
/// Prometheus would, and checked with Prometheus's own linter.
public struct MetricsScrape: Sendable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    /// Asks `GET /metrics` of the listener on 127.0.0.1:`port`.
    public static func take(port: Int) throws -> MetricsScrape {
        let (output, status) = try Self.execute("/usr/bin/curl", ["-sS", "--max-time", "10", "-f", "http://127.0.0.1:\(port)/metrics"])
        guard status == 0 else { throw ServerProcess.Failure(description: "GET /metrics on port \(port) failed: \(output)") }
        return MetricsScrape(text: output)
    }

    /// The sample of `name` whose labels include every one of `labels` (and the only one, when several match, is the
    /// first); `nil` when there is none.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            let series = line[..<space]
            let sampleName = series.prefix { $0 != "{" }
            guard sampleName == name else { continue }
            let found = Self.labels(of: String(series))
            guard labels.allSatisfy({ found[$0.key] == $0.value }) else { continue }
            return Double(line[line.index(after: space)...].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// The labels of a series as the exposition writes it (`name{a="1",b="2"}`); values here carry no escapes.
    private static func labels(of series: String) -> [String: String] {
        guard let open = series.firstIndex(of: "{"), let close = series.lastIndex(of: "}") else { return [:] }
        var labels: [String: String] = [:]
        for pair in series[series.index(after: open)..<close].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return labels
    }

    /// Runs `promtool check metrics` on the scrape.
    /// - Throws: what promtool said, when it found anything wrong.
    public func checkWithPromtool() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrape-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, status) = try Self.execute("/bin/sh", ["-c", "promtool check metrics < '\(file.path)' 2>&1"])
        guard status == 0, output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ServerProcess.Failure(description: "promtool check metrics (status \(status)): \(output)")
        }
    }

    /// The path of the repository's alert rules.
    public static var alertRules: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("deploy/prometheus/crash-assistant-alerts.yml")
    }

    /// The `expr` of the alert `name` in the repository's rules file, on one line.
    public static func alertExpression(_ name: String) throws -> String {
        let rules = try String(contentsOf: alertRules, encoding: .utf8)
        let lines = rules.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "- alert: \(name)" }) else {
            throw ServerProcess.Failure(description: "no alert \(name) in \(alertRules.path)")
        }
        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("- alert:") { break }
            guard line.hasPrefix("expr:") else { continue }
            var expression = String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            if expression == ">-" || expression == "|" {
                let indent = lines[index].prefix { $0 == " " }.count
                expression = lines[(index + 1)...].prefix { $0.prefix { $0 == " " }.count > indent }
                    .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            }
            return expression
        }
        throw ServerProcess.Failure(description: "the alert \(name) has no expr")
    }

    /// Evaluates `expression` with `promtool test rules` over `series` — each a series as Prometheus names it and its
    /// values one `interval` apart, as scraped — at the last of them.
    /// - Returns: whether the expression gives `expected` (labels as PromQL writes them, and the value) there.
    public static func expression(
        _ expression: String, over series: [(name: String, values: [Double])], interval: Int, gives expected: (labels: String, value: Double)
    ) throws -> (holds: Bool, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promql-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = (series.map(\.values.count).max() ?? 1) - 1
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        var test = "rule_files: []\nevaluation_interval: \(interval)s\ntests:\n  - interval: \(interval)s\n    input_series:\n"
        for each in series {
            test += "      - series: \(quoted(each.name))\n        values: \(quoted(each.values.map { String($0) }.joined(separator: " ")))\n"
        }
        test += "    promql_expr_test:\n      - expr: \(quoted(expression))\n        eval_time: \(steps * interval)s\n"
        test += "        exp_samples:\n          - labels: \(quoted(expected.labels))\n            value: \(expected.value)\n"
        let file = folder.appendingPathComponent("test.yml")
        try Data(test.utf8).write(to: file)
        let (output, status) = try execute("/bin/sh", ["-c", "cd '\(folder.path)' && promtool test rules test.yml 2>&1"])
        return (status == 0, test + output)
    }

    /// Runs `program` and gives what it wrote (standard output and error) and its exit status.
    public static func execute(_ program: String, _ arguments: [String]) throws -> (String, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        OwnThreadsExecutor.expectCurrent("Running \(program)")
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
