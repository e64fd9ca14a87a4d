import Foundation

/// Checks a sealed PDF with the tools an insurer uses, written by others: poppler's `pdfsig` (through an NSS
/// certificate database that trusts the certificate given, since NSS reads none without one) and pyHanko
/// (`scripts/verify-pdf-signature.py`, in the virtual environment `scripts/ensure-pdf-verifiers.sh` makes).
public enum SealCheck {
    /// What `pdfsig` printed about `file`, trusting `certificate` (PEM).
    public static func pdfsig(_ file: String, trusting certificate: String, in tools: PDFTools) throws -> String {
        let database = tools.folder.appendingPathComponent("nss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        let trusted = database.appendingPathComponent("trusted.pem")
        try Data(certificate.utf8).write(to: trusted)
        try tools.run("certutil", ["-N", "-d", "sql:" + database.path, "--empty-password"])
        try tools.run("certutil", ["-A", "-d", "sql:" + database.path, "-n", "seal", "-t", "C,C,C", "-i", trusted.path])
        return try tools.run("pdfsig", ["-nssdir", "sql:" + database.path, file], allowFailure: true)
    }

    /// pyHanko's verdict on `file`, trusting `certificate` (PEM): its exit status (0: every signature intact, valid,
    /// trusted and covering the whole file, or certifying it with nothing changed after that it forbids) and what it
    /// printed.
    public static func pyHanko(_ file: String, trusting certificate: String, in tools: PDFTools) throws -> (status: Int32, output: String) {
        let trusted = tools.folder.appendingPathComponent("trusted-\(UUID().uuidString).pem")
        try Data(certificate.utf8).write(to: trusted)
        return try pyHankoScript("verify-pdf-signature.py", [file, trusted.path], doing: "Checking a PDF's signature")
    }

    /// The file with an incremental update appended that replaces what its first page shows
    /// (`scripts/append-pdf-update.py`, through pyHanko's writer), written beside it; its path.
    public static func withAppendedUpdate(_ file: String, in tools: PDFTools) throws -> String {
        let path = tools.folder.appendingPathComponent("updated-\(UUID().uuidString).pdf").path
        let (status, output) = try pyHankoScript("append-pdf-update.py", [file, path], doing: "Changing a PDF after it was sealed")
        guard status == 0 else { throw ServerProcess.Failure(description: "the update could not be appended: \(output)") }
        return path
    }

    /// Runs one of the project's scripts (`scripts/NAME`) with the Python of pyHanko's virtual environment: its exit
    /// status and what it printed.
    private static func pyHankoScript(_ name: String, _ arguments: [String], doing what: String) throws -> (status: Int32, output: String) {
        let python = Repository.root.appendingPathComponent(".build/pyhanko-venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.Failure(description: "pyHanko is not installed: run scripts/ensure-pdf-verifiers.sh (make test does)")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [Repository.root.appendingPathComponent("scripts/\(name)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        OwnThreadsExecutor.expectCurrent(what)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The file with one byte flipped at `offset`, written beside it; its path.
    public static func flipped(_ file: String, at offset: Int, in tools: PDFTools) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[offset] ^= 0x01
        let path = tools.folder.appendingPathComponent("flipped-\(UUID().uuidString).pdf").path
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }
}
