import Foundation

/// Runs the PDF tools the tests check documents with (qpdf, poppler-utils), on files in a temporary folder.
/// A missing tool fails the test with a message saying how to install it.
public struct PDFTools {
    public struct ToolMissing: Error, CustomStringConvertible {
        public let tool: String
        public var description: String {
            "\(tool) is not installed. Run `make deps` (it installs qpdf and poppler-utils), "
                + "or apt-get install -y qpdf poppler-utils."
        }
    }

    public struct ToolFailed: Error, CustomStringConvertible {
        public let command: String
        public let status: Int32
        public let output: String
        public var description: String { "\(command) exited with \(status): \(output)" }
    }

    /// A temporary folder removed by ``cleanUp()``.
    public let folder: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    public func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes the document into the folder and returns its path.
    public func write(_ pdf: Data, name: String = "report.pdf") throws -> String {
        let url = folder.appendingPathComponent(name)
        try pdf.write(to: url)
        return url.path
    }

    /// Runs a tool and returns what it printed on standard output.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = try Self.locate(tool)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: outputData, as: UTF8.self)
        if process.terminationStatus != 0, !allowFailure {
            throw ToolFailed(
                command: ([tool] + arguments).joined(separator: " "),
                status: process.terminationStatus,
                output: text + String(decoding: errorData, as: UTF8.self)
            )
        }
        return text
    }

    private static func locate(_ tool: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ToolMissing(tool: tool)
    }

    // MARK: - Checks

    /// `qpdf --check` passes; returns its report.
    public func checkStructure(_ path: String) throws -> String {
        try run("qpdf", ["--check", path])
    }

    public func text(_ path: String, layout: Bool = false) throws -> String {
        try run("pdftotext", (layout ? ["-layout"] : []) + ["-enc", "UTF-8", path, "-"])
    }

    /// Draws one page as a PNG (`prefix`.png, 80 dpi) for a person to look at; returns its size in bytes.
    @discardableResult
    public func renderPage(_ path: String, page: Int, to prefix: String) throws -> Int {
        try run("pdftoppm", ["-png", "-r", "80", "-f", String(page), "-l", String(page), "-singlefile", path, prefix])
        return (try? FileManager.default.attributesOfItem(atPath: prefix + ".png")[.size] as? Int) ?? 0
    }

    public func pageCount(_ path: String) throws -> Int? {
        let info = try run("pdfinfo", [path])
        return info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// One row of `pdfimages -list`.
    public struct ImageRow: Equatable {
        public let page: Int
        /// `image`, `smask` (an alpha channel) or `mask`.
        public let type: String
        public let width: Int
        public let height: Int
        public let encoding: String
    }

    public func images(_ path: String) throws -> [ImageRow] {
        let lines = try run("pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2)
        return lines.compactMap { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count > 8, let page = Int(columns[0]), let width = Int(columns[3]), let height = Int(columns[4]) else {
                return nil
            }
            return ImageRow(page: page, type: String(columns[2]), width: width, height: height, encoding: String(columns[8]))
        }
    }
}
