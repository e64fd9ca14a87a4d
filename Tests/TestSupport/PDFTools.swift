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
        OwnThreadsExecutor.expectCurrent("Running \(tool)")
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

    /// `qpdf --check` passes; returns its report (the check is that it passes: the report need not be read).
    @discardableResult
    public func checkStructure(_ path: String) throws -> String {
        try run("qpdf", ["--check", path])
    }

    /// How many glyphs the PDF draws with a font's `.notdef` glyph (the empty box a font shows for a character it
    /// does not have), read from the file itself: its streams uncompressed by qpdf, each text string taken with the font
    /// the content selected for it (`/f-1-0 1 Tf`); a composite font's two-byte codes (`<0000>`) or a simple font's
    /// code 0.
    public func notdefGlyphs(_ path: String) throws -> Int {
        let expanded = folder.appendingPathComponent("expanded-\(UUID().uuidString).pdf").path
        _ = try run("qpdf", ["--qdf", "--object-streams=disable", path, expanded], allowFailure: true)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: expanded))
        let text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        // Which font objects are composite (Type0): their resource names, from the pages' font dictionaries.
        var objects: [String: String] = [:]
        for match in text.matches(of: /(?m)^(\d+) 0 obj\n([\s\S]*?)endobj/) { objects[String(match.1)] = String(match.2) }
        var composite: [String: Bool] = [:]
        for match in text.matches(of: /\/(f-\d+-\d+) (\d+) 0 R/) {
            composite[String(match.1)] = objects[String(match.2)]?.contains("/Subtype /Type0") == true
        }
        var font = ""
        var notdef = 0
        for line in text.split(separator: "\n") {
            if let selected = line.firstMatch(of: /\/(f-\d+-\d+) [\d.]+ Tf/) { font = String(selected.1) }
            guard line.hasSuffix("TJ") || line.hasSuffix("Tj") else { continue }
            if composite[font] == true {
                for hex in line.matches(of: /<([0-9a-fA-F]+)>/) {
                    let digits = Array(hex.1)
                    notdef += stride(from: 0, to: digits.count - 3, by: 4).filter { String(digits[$0..<$0 + 4]) == "0000" }.count
                }
            } else {
                notdef += line.matches(of: /\\000|\\0(?![0-7])/).count
            }
        }
        return notdef
    }

    /// The text of the file, or of one page (`page`, from 1).
    public func text(_ path: String, layout: Bool = false, page: Int? = nil) throws -> String {
        let pages = page.map { ["-f", String($0), "-l", String($0)] } ?? []
        return try run("pdftotext", (layout ? ["-layout"] : []) + pages + ["-enc", "UTF-8", path, "-"])
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
