import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport
import Wording

@Suite("The crash report as a PDF", .ownThreads)
struct PDFReportRendererTests {
    let timeZone = TimeZone(identifier: "Europe/Budapest") ?? .current

    // MARK: - Making reports

    /// A report whose photos are the given fixtures (in their sections), with their bytes in a photo store.
    func report(
        photos: [(file: String, section: PhotoSection)] = [],
        injuries: [Injury] = [],
        note: String = "",
        completed: Bool = true
    ) async throws -> (CrashReport, InMemoryPhotoStore) {
        let store = InMemoryPhotoStore()
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), injuries: injuries, note: note)
        for (index, entry) in photos.enumerated() {
            let bytes = try Fixtures.bytes(entry.file)
            report = try await add(bytes, named: entry.file, to: entry.section, in: report, store: store, at: index)
        }
        if completed { try report.complete(at: referenceDate.addingTimeInterval(3_600)) }
        return (report, store)
    }

    func add(
        _ bytes: Data, named name: String, to section: PhotoSection, in report: CrashReport,
        store: InMemoryPhotoStore, at index: Int
    ) async throws -> CrashReport {
        var report = report
        let info = try ImageInspector.inspect(bytes, fileName: name)
        let metadata = PhotoMetadataReader.read(bytes)
        try report.addPhoto(Photo(
            section: section,
            contentHash: await store.put(bytes),
            mediaType: info.mediaType,
            byteCount: bytes.count,
            pixelSize: info.pixelSize,
            originalFileName: name,
            addedAt: referenceDate.addingTimeInterval(Double(index)),
            takenAt: metadata.takenAt,
            takenWhere: metadata.takenWhere,
            orientation: metadata.orientation
        ))
        return report
    }

    /// Renders the report, writes it into the tools' folder and checks its structure with qpdf.
    func renderChecked(_ report: CrashReport, store: InMemoryPhotoStore, tools: PDFTools) async throws -> String {
        let document = try await PDFReportRenderer(photoStore: store, timeZone: timeZone).render(report)
        #expect(document.format == .pdf)
        let path = try tools.write(document.bytes)
        let check = try tools.checkStructure(path)
        #expect(check.contains("No syntax or stream encoding errors found"))
        return path
    }

    // MARK: - Text

    @Test func textHoldsTheCrashIDEveryInjuryTheNoteAndUnicodeNames() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(
            photos: [("photo-64x48.jpg", .licenceAndInsurance)],
            injuries: [.myself, .myPassengers, .otherDriver, .otherDriversPassengers],
            note: "Driver Antonín Dvořák of Karpács Kft. said he was sorry; crossing the Øresund bridge."
        )
        let path = try await renderChecked(report, store: store, tools: tools)

        let text = try tools.text(path)
        #expect(text.contains("CR-7KQ2M9XD"))
        for injury in [Injury.myself, .myPassengers, .otherDriver, .otherDriversPassengers] {
            #expect(text.contains(StatementWords.english.injury(injury)), "missing \(injury)")
        }
        #expect(text.contains("Dvořák"))
        #expect(text.contains("Karpács"))
        #expect(text.contains("Øresund"))
        #expect(text.contains("said he was sorry"))
        #expect(text.contains("Other driver's licence and insurance documents, photo 1 of 1: "))
        #expect(!text.contains("photo-64x48.jpg") && !text.contains("64 × 48 px"))
        #expect(text.contains("Page 1 of"))
    }

    @Test func textIsSetInDejaVuSans() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(injuries: [.noOne])
        let path = try await renderChecked(report, store: store, tools: tools)

        let fonts = try tools.run("pdffonts", [path])
        #expect(fonts.contains("DejaVuSans"))
        #expect(fonts.contains("DejaVuSans-Bold"))
    }

    // MARK: - Scripts

    /// One line of the other driver's note in each script the PDF prints, and an emoji.
    static let linesInEachScript: [(script: String, line: String)] = [
        ("Greek", "Οδηγός"), ("Cyrillic", "Водитель"), ("Arabic", "السائق"), ("Hebrew", "הנהג"), ("Chinese", "司机"),
        ("Japanese", "運転手さん"), ("Hindi", "चालक"), ("emoji", "🚗"), ("Latin", "Dvořák crossed the Øresund"),
    ]

    /// The render fails on any character no font has (see the next test), so a document at all means every glyph
    /// was found.
    @Test func everyScriptPrintsAsTypedInEmbeddedFonts() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(note: Self.linesInEachScript.map(\.line).joined(separator: "\n"))
        let path = try await renderChecked(report, store: store, tools: tools)

        // pdftotext gives every line back as typed: Arabic and Hebrew in the order they were typed, between a
        // right-to-left embedding and its end (U+202B … U+202C), which the comparison leaves out.
        let text = try tools.text(path)
        for (script, line) in Self.linesInEachScript {
            #expect(Self.folded(text).contains(Self.folded(line)), "the \(script) line is not in the text")
        }
        #expect(text.contains("\u{202B}السائق\u{202C}") && text.contains("\u{202B}הנהג\u{202C}"))

        // Every font is embedded. DejaVu Sans has Greek, Cyrillic, Arabic and Hebrew, so they are set in it (its
        // CID font beside the WinAnsi one for Latin); fontconfig finds Noto Sans CJK for Chinese and Japanese, Noto
        // Sans Devanagari for Hindi and Symbola for the emoji.
        let fonts = try Self.fonts(tools.run("pdffonts", [path]))
        #expect(!fonts.isEmpty)
        for font in fonts {
            #expect(font.embedded, "\(font.name) is not embedded")
            // Glyphs drawn as pictures (a colour emoji font's) would make a Type 3 font.
            #expect(!font.type.hasPrefix("Type 3"), "\(font.name) is a \(font.type) font")
        }
        for family in ["DejaVuSans", "DejaVuSans-Bold", "NotoSansCJK", "NotoSansDevanagari", "Symbola"] {
            #expect(fonts.contains { $0.name.contains("+" + family) }, "no \(family) in \(fonts.map(\.name))")
        }

        // No glyph drawn is a font's empty box: read from the file, not only from what the renderer said.
        #expect(try tools.notdefGlyphs(path) == 0)
        // The check sees one when there is one: the same file with a composite font's first glyph made `.notdef`.
        let expanded = tools.folder.appendingPathComponent("expanded.pdf").path
        _ = try tools.run("qpdf", ["--qdf", "--object-streams=disable", path, expanded], allowFailure: true)
        var qdf = try String(contentsOfFile: expanded, encoding: .isoLatin1)
        let glyph = try #require(qdf.firstMatch(of: /<([0-9a-fA-F]{4})[0-9a-fA-F]*>[^\n]*T[Jj]\n/))
        qdf.replaceSubrange(glyph.1.startIndex..<glyph.1.endIndex, with: "0000")
        let broken = tools.folder.appendingPathComponent("broken.pdf").path
        try qdf.write(toFile: broken, atomically: true, encoding: .isoLatin1)
        #expect(try tools.notdefGlyphs(broken) >= 1)

        // A right-to-left line starts where the others do, at the note's left edge. pdftotext -bbox gives such a line
        // glyph by glyph as they lie on the page, so its leftmost is its last letter (ق, ג).
        let boxes = try tools.run("pdftotext", ["-bbox", path, "-"])
        let left = try #require(Self.leftEdge(of: "Οδηγός", in: boxes))
        for line in ["السائق", "הנהג"] {
            let last = try #require(line.last)
            let edge = try #require(Self.leftEdge(of: String(last), in: boxes))
            #expect(abs(edge - left) < 0.5, "\(line) starts at \(edge), the note at \(left)")
        }
    }

    @Test func aCharacterNoFontHasFailsTheRenderNamingIt() async throws {
        // Two characters of the private use areas, which no font installed here has, among ones that print.
        let (report, store) = try await report(note: "Reference \u{E000} and 司机\nand \u{10FFFD}, then \u{E000} again")
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)

        let error = await #expect(throws: PDFRenderError.self) { try await renderer.render(report) }

        // Each is named once, in the order they came.
        #expect(error == .charactersWithoutFont("\u{E000}\u{10FFFD}"))
        #expect(error?.renderFailure == .charactersWithoutFont(characters: "\u{E000}\u{10FFFD}"))
    }

    @Test func chineseAndJapaneseWithoutSpacesWrapInsideTheMargins() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let note = String(repeating: "運転手さんは交差点で止まりました。司机说他很抱歉。", count: 12)
        let (report, store) = try await report(note: note)
        let path = try await renderChecked(report, store: store, tools: tools)

        let boxes = try tools.run("pdftotext", ["-bbox", path, "-"])
        let rightEdges = Self.edges("xMax", in: boxes)
        #expect(rightEdges.count > 3)
        #expect(rightEdges.allSatisfy { $0 <= 595.28 - 56.69 + 0.5 }, "widest \(rightEdges.max() ?? 0)")
        #expect(try tools.text(path).filter { !$0.isWhitespace }.contains(note))
    }

    /// Text with its white space folded to single spaces and the marks that set a direction left out.
    static func folded(_ text: String) -> String {
        let marks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
        let kept = text.unicodeScalars.filter { scalar in
            !marks.contains(scalar) && !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value)
        }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The rows of `pdffonts`: each font's name, type and whether it is embedded, read by the columns its header
    /// ruling gives (a type such as "CID TrueType" holds a space).
    static func fonts(_ listing: String) throws -> [(name: String, type: String, embedded: Bool)] {
        let lines = listing.split(separator: "\n").map(String.init)
        let ruling = try #require(lines.first { $0.hasPrefix("---") })
        var columns: [Range<Int>] = []
        var start: Int?
        for (index, character) in ruling.enumerated() {
            if character == "-", start == nil { start = index }
            if character == " ", let begin = start { columns.append(begin..<index); start = nil }
        }
        if let begin = start { columns.append(begin..<ruling.count) }
        #expect(columns.count >= 4)
        return lines.drop { !$0.hasPrefix("---") }.dropFirst().map { line in
            let characters = Array(line)
            func column(_ index: Int) -> String {
                let range = columns[index].clamped(to: 0..<characters.count)
                return String(characters[range]).trimmingCharacters(in: .whitespaces)
            }
            return (name: column(0), type: column(1), embedded: column(3) == "yes")
        }
    }

    /// The left edge of the (first) word `word` in `pdftotext -bbox` output.
    static func leftEdge(of word: String, in boxes: String) -> Double? {
        boxes.split(separator: "\n").first { $0.contains("<word") && $0.contains(">" + word + "</word>") }
            .flatMap { edges("xMin", in: String($0)).first }
    }

    /// The values of one attribute (`xMin`, `xMax` …) of every word in `pdftotext -bbox` output.
    static func edges(_ attribute: String, in boxes: String) -> [Double] {
        boxes.split(separator: "\n").filter { $0.contains("<word") }.compactMap { line -> Double? in
            guard let range = line.range(of: attribute + "=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    // MARK: - Photos

    @Test func jpegsAreEmbeddedByteForByteAtTheirOwnPixelSize() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let files = ["photo-64x48.jpg", "photo-progressive-80x60.jpg", "photo-grey-32x32.jpg", "photo-exif-120x90.jpg"]
        let (report, store) = try await report(photos: files.map { ($0, PhotoSection.otherVehicleDamage) })
        let path = try await renderChecked(report, store: store, tools: tools)

        let images = try tools.images(path)
        #expect(images.map(\.encoding) == ["jpeg", "jpeg", "jpeg", "jpeg"])
        #expect(images.map { "\($0.width)x\($0.height)" } == ["64x48", "80x60", "32x32", "120x90"])
        // The embedded streams are the very files that were added.
        try tools.run("pdfimages", ["-j", path, "extracted"])
        for (index, file) in files.enumerated() {
            let extracted = try Data(contentsOf: tools.folder.appendingPathComponent("extracted-00\(index).jpg"))
            #expect(extracted == (try Fixtures.bytes(file)), "\(file) was changed")
        }
    }

    @Test func pngIsEmbeddedAtItsOwnPixelSize() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(photos: [
            ("photo-40x30.png", .crashScene), ("photo-alpha-24x24.png", .crashScene), ("photo-interlaced-33x17.png", .crashScene),
        ])
        let path = try await renderChecked(report, store: store, tools: tools)

        let images = try tools.images(path).filter { $0.type == "image" }
        #expect(images.map { "\($0.width)x\($0.height)" } == ["40x30", "24x24", "33x17"])
    }

    @Test("a photo stored sideways or mirrored comes out upright", arguments: [
        ("photo-quadrants-o2-80x60.jpg", Quadrants(topLeft: .green, topRight: .red, bottomLeft: .yellow, bottomRight: .blue)),
        ("photo-quadrants-o5-80x60.jpg", Quadrants(topLeft: .red, topRight: .blue, bottomLeft: .green, bottomRight: .yellow)),
        ("photo-quadrants-o6-80x60.jpg", Quadrants(topLeft: .blue, topRight: .red, bottomLeft: .yellow, bottomRight: .green)),
        ("photo-quadrants-o8-80x60.jpg", Quadrants(topLeft: .green, topRight: .yellow, bottomLeft: .red, bottomRight: .blue)),
    ])
    func orientedPhotoComesOutUpright(file: String, expected: Quadrants) async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(photos: [(file, .crashScene)])
        let path = try await renderChecked(report, store: store, tools: tools)

        try tools.run("pdftoppm", ["-r", "72", path, "page"])
        let pages = try FileManager.default.contentsOfDirectory(atPath: tools.folder.path).filter { $0.hasSuffix(".ppm") }.sorted()
        let photo = try pages.lazy
            .map { try PPMImage(Data(contentsOf: tools.folder.appendingPathComponent($0))) }
            .compactMap { $0.saturatedBox() }.first
        let found = try #require(photo, "no page shows the photo")
        let uprightIsPortrait = file.contains("-o5-") || file.contains("-o6-") || file.contains("-o8-")
        #expect((found.box.height > found.box.width) == uprightIsPortrait, "box \(found.box)")
        #expect(found.quadrants == expected)
    }

    @Test func fiftyPhotosFillTheDocumentAndEveryPageSaysHowManyThereAre() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let store = InMemoryPhotoStore()
        var report = CrashReport.stub(crashID: .stub("CR-FIFTY234"), injuries: [.unsure])
        var index = 0
        for section in PhotoSection.allCases {
            for _ in 0..<ReportLimits.maximumPhotosPerSection {
                report = try await add(
                    Fixtures.distinctJPEG(index), named: "photo-\(index).jpg", to: section, in: report, store: store, at: index)
                index += 1
            }
        }
        try report.complete(at: referenceDate)
        let path = try await renderChecked(report, store: store, tools: tools)

        let pages = try #require(try tools.pageCount(path))
        // 64 × 48-pixel photos are enlarged to a readable width: two or three with captions to a page.
        #expect(pages >= 17)
        let text = try tools.text(path)
        for page in 1...pages {
            #expect(text.contains("Page \(page) of \(pages)"), "page \(page)")
        }
        #expect(!text.contains("Page \(pages + 1) of"))
        #expect(try tools.images(path).count == PhotoSection.allCases.count * ReportLimits.maximumPhotosPerSection)
        for section in PhotoSection.allCases {
            for photo in 1...ReportLimits.maximumPhotosPerSection {
                #expect(text.contains("\(StatementWords.english.section(section)), photo \(photo) of 10"), "caption of photo \(photo) in \(section)")
            }
        }
    }

    @Test func samePhotoInTwoSectionsIsEmbeddedOnce() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let (report, store) = try await report(photos: [
            ("photo-64x48.jpg", .otherVehicleDamage), ("photo-64x48.jpg", .crashScene),
            ("photo-40x30.png", .otherVehicleDamage), ("photo-40x30.png", .crashScene),
        ])
        let path = try await renderChecked(report, store: store, tools: tools)

        let images = try tools.images(path)
        #expect(images.count == 4)
        #expect(Set(try tools.run("pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2).compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(10).first
        }).count == 2)
    }

    // MARK: - Long notes

    @Test func longNoteWrapsInsideTheMarginsAndKeepsEveryWord() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let longWord = String(repeating: "Nagyonhosszúszó", count: 20)
        let words = (0..<200).map { "szó\($0)" }.joined(separator: " ")
        let note = String((longWord + " " + words + " Dvořák").prefix(ReportLimits.maximumNoteLength))
        let (report, store) = try await report(note: note)
        let path = try await renderChecked(report, store: store, tools: tools)

        // Every word's box lies inside the 20 mm margins of the A4 page.
        let boxes = try tools.run("pdftotext", ["-bbox", path, "-"])
        let rightEdges = boxes.split(separator: "\n").filter { $0.contains("<word") }.compactMap { line -> Double? in
            guard let range = line.range(of: "xMax=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(!rightEdges.isEmpty)
        #expect(rightEdges.allSatisfy { $0 <= 595.28 - 56.69 + 0.5 }, "widest \(rightEdges.max() ?? 0)")
        // Nothing of the note is lost: all its letters are there in order.
        let text = try tools.text(path).filter { !$0.isWhitespace }
        #expect(text.contains(note.filter { !$0.isWhitespace }))
    }

    // MARK: - Repeatable and safe

    @Test func renderingTheSameReportTwiceGivesTheSameBytes() async throws {
        let (report, store) = try await report(photos: [("photo-64x48.jpg", .crashScene), ("photo-40x30.png", .crashScene)])
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)
        let first = try await renderer.render(report)
        let second = try await renderer.render(report)
        #expect(first == second)
    }

    @Test func reportsDrawnAtOnceGiveTheBytesEachGivesAlone() async throws {
        let (report, store) = try await report(
            photos: [("photo-64x48.jpg", .crashScene)], note: Self.linesInEachScript.map(\.line).joined(separator: "\n")
        )
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)
        let alone = try await renderer.render(report)

        let together = try await withThrowingTaskGroup(of: RenderedReport.self) { group in
            for _ in 0..<8 { group.addTask { try await renderer.render(report) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(together.count == 8)
        #expect(together.allSatisfy { $0 == alone })
    }

    @Test func photoWhoseBytesAreGoneIsReportedByName() async throws {
        var report = CrashReport.stub()
        try report.addPhoto(.stub(contentHash: .stub("d"), fileName: "gone.jpg"))
        let renderer = PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: timeZone)
        await #expect(throws: PhotoError.bytesMissing(.stub("d"))) {
            try await renderer.render(report)
        }
    }

    @Test func pngWithDamagedImageDataIsRefusedNamingThePhoto() async throws {
        var bytes = try Fixtures.png()
        let idat = try #require(bytes.range(of: Data("IDAT".utf8)))
        bytes[idat.upperBound + 2] ^= 0xFF
        let store = InMemoryPhotoStore()
        var report = CrashReport.stub()
        try report.addPhoto(Photo(
            section: .crashScene, contentHash: await store.put(bytes), mediaType: .png, byteCount: bytes.count,
            pixelSize: PixelSize(width: 40, height: 30), originalFileName: "broken.png", addedAt: referenceDate
        ))
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)
        let error = await #expect(throws: PDFRenderError.self) { try await renderer.render(report) }
        guard case let .photoUnreadable(fileName, reason)? = error else {
            Issue.record("expected photoUnreadable, got \(String(describing: error))")
            return
        }
        #expect(fileName == "broken.png")
        #expect(error?.renderFailure == .photoUnreadable(fileName: "broken.png", cause: reason))
    }
}
