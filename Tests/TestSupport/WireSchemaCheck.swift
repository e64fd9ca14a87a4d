import Foundation

/// Checks a JSON object against one schema of `openapi.yaml` with a JSON Schema 2020-12 validator
/// (`scripts/validate-json.py`, in the virtual environment `scripts/ensure-schema-validator.sh` makes).
public enum WireSchemaCheck {
    /// - Returns: "valid", or each error the validator found with where it is.
    public static func check(_ object: Any, as schema: String) throws -> String {
        let python = Repository.root.appendingPathComponent(".build/schema-venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.Failure(description: "the schema validator is not installed: run scripts/ensure-schema-validator.sh (make test does)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let log = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            Repository.root.appendingPathComponent("scripts/validate-json.py").path,
            Repository.root.appendingPathComponent("Sources/WireAPI/openapi.yaml").path, schema, file.path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        OwnThreadsExecutor.expectCurrent("Checking JSON against its schema")
        try process.run()
        process.waitUntilExit()
        try log.close()
        return (try String(contentsOf: output, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
