import Domain
import Foundation

/// Why a PDF could not be signed.
public enum PDFSignatureError: Error, Sendable, Hashable {
    /// The file is not a PDF this writer can add to: `reason` names what is missing or not understood.
    case unreadable(reason: String)
    /// The signature came out larger than the room kept for it.
    case signatureTooLarge(bytes: Int, room: Int)
    /// The file could not be read or written.
    case fileFailed(path: String, reason: String)
}

/// What a PDF signature says of itself, beside the signature: who signed, why, where, when.
public struct PDFSignatureDetails: Sendable, Equatable {
    public var name: String
    public var reason: String
    public var location: String?
    public var signedAt: Date

    public init(name: String, reason: String, location: String? = nil, signedAt: Date) {
        self.name = name
        self.reason = reason
        self.location = location
        self.signedAt = signedAt
    }
}

extension PDFSignatureDetails {
    /// The seal of a document holding statements both drivers signed: its reason names each such statement of
    /// `pairs` (every statement of the report when `nil`) with the version they signed.
    public static func statementSeal(of report: CrashReport, _ pairs: [StatementPair]? = nil, by signer: String, at date: Date) -> PDFSignatureDetails {
        let signed = (pairs ?? report.statementPairs).compactMap { pair -> String? in
            guard report.isStatementSigned(pair), let version = report.statementVersion(pair) else { return nil }
            switch pair {
            case .b: return "version \(version.hex) of the accident statement"
            case let .vehicle(id):
                return "version \(version.hex) of the accident statement with party \(report.parties.number(of: id).map(String.init) ?? id.description)"
            }
        }
        return PDFSignatureDetails(
            name: signer, reason: "Both drivers signed \(signed.joined(separator: "; ")) of crash report \(report.crashID).", signedAt: date
        )
    }
}

/// Signs a PDF file as PDF readers check it: an incremental update appended to the file (nothing before it changes)
/// holding an invisible signature field whose value, a `/Sig` dictionary, carries a detached CAdES signature
/// (`ETSI.CAdES.detached`, as PAdES has it) over every byte of the file but the signature's own `/Contents` (its
/// `/ByteRange`); the signing time is the dictionary's `/M`.
/// It is a certification signature (the catalog's `/Perms /DocMDP` names it) that permits no change: a reader that
/// checks DocMDP flags any update appended after it, not only a changed byte within it.
///
/// The file must have a classic cross-reference table and trailer, as cairo writes them, and no form or encryption.
public enum PDFSignatureWriter {
    /// Bytes kept for the CMS signature: a certificate chain of a few certificates and a signature fit.
    public static let standardRoom = 16_384

    /// Appends the signature to the PDF at `path`, in place.
    /// - Parameters:
    ///   - room: the most bytes the CMS signature may take.
    ///   - sign: makes the detached CMS signature of the bytes it is given.
    /// - Throws: ``PDFSignatureError``, or what `sign` throws (the file then holds an update with an empty signature:
    ///   sign a new copy).
    public static func sign(
        fileAt path: String, details: PDFSignatureDetails, room: Int = standardRoom,
        sign: (PDFSignedBytes) throws -> [UInt8]
    ) throws {
        let original = try read(path)
        let update = try PDFUpdate(original: original, details: details, room: room)
        let handle: FileHandle
        do {
            handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        } catch {
            throw PDFSignatureError.fileFailed(path: path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: update.bytes)
        } catch {
            throw PDFSignatureError.fileFailed(path: path, reason: error.localizedDescription)
        }
        let signed = PDFSignedBytes(regions: [
            original, Data(update.bytes[..<update.contentsStart]), Data(update.bytes[update.contentsEnd...]),
        ])
        let signature = try sign(signed)
        guard signature.count <= room else { throw PDFSignatureError.signatureTooLarge(bytes: signature.count, room: room) }
        let hex = Data(signature.flatMap { byte in Array(String(format: "%02X", byte).utf8) })
        do {
            // Just after the string's opening "<"; the zeros after the signature stay as padding.
            try handle.seek(toOffset: UInt64(original.count + update.contentsStart + 1))
            try handle.write(contentsOf: hex)
            try handle.synchronize()
        } catch {
            throw PDFSignatureError.fileFailed(path: path, reason: error.localizedDescription)
        }
    }

    private static func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw PDFSignatureError.fileFailed(path: path, reason: error.localizedDescription)
        }
    }
}

/// The incremental update: the new objects, the catalog and page that point to them, a cross-reference section and a
/// trailer pointing back to the file's own.
private struct PDFUpdate {
    var bytes: [UInt8]
    /// Where, in ``bytes``, the signature's hex string starts (its "<") and ends (after its ">").
    var contentsStart: Int
    var contentsEnd: Int

    init(original: Data, details: PDFSignatureDetails, room: Int) throws {
        let file = PDFFileReader(data: original)
        let trailer = try file.trailer()
        guard trailer.value(of: "Encrypt") == nil else { throw PDFSignatureError.unreadable(reason: "the file is encrypted") }
        guard let size = trailer.value(of: "Size").flatMap({ Int($0) }) else {
            throw PDFSignatureError.unreadable(reason: "the trailer has no /Size")
        }
        guard let rootNumber = trailer.value(of: "Root").flatMap(PDFFileReader.reference) else {
            throw PDFSignatureError.unreadable(reason: "the trailer has no /Root")
        }
        var catalog = try file.dictionary(of: rootNumber)
        guard catalog.value(of: "AcroForm") == nil else { throw PDFSignatureError.unreadable(reason: "the file has a form already") }
        guard catalog.value(of: "Perms") == nil else { throw PDFSignatureError.unreadable(reason: "the file is certified already") }
        let pageNumber = try file.firstPage(of: catalog)
        var page = try pageNumber.map { try file.dictionary(of: $0) }

        let signatureNumber = size, fieldNumber = size + 1, formNumber = size + 2
        var objects: [(number: Int, body: [UInt8])] = []
        var body = Array("<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ".utf8)
        let byteRangeAt = body.count
        body += Array(String(repeating: " ", count: Self.byteRangeWidth).utf8)
        body += Array(" /Contents ".utf8)
        let contentsAt = body.count
        body += [UInt8(ascii: "<")] + Array(repeating: UInt8(ascii: "0"), count: room * 2) + [UInt8(ascii: ">")]
        // A certification signature (DocMDP) permitting no change at all: a reader flags any update appended after it.
        body += Array(" /Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 1 /V /1.2 >> >>]".utf8)
        body += Array(" /M ".utf8) + Self.string(Self.pdfDate(details.signedAt))
        body += Array(" /Name ".utf8) + Self.string(details.name)
        body += Array(" /Reason ".utf8) + Self.string(details.reason)
        if let location = details.location { body += Array(" /Location ".utf8) + Self.string(location) }
        body += Array(" >>".utf8)
        objects.append((signatureNumber, body))
        let pageReference = pageNumber.map { " /P \($0) 0 R" } ?? ""
        objects.append((fieldNumber, Array(
            "<< /Type /Annot /Subtype /Widget /FT /Sig /T (Seal) /V \(signatureNumber) 0 R /F 132 /Rect [0 0 0 0]\(pageReference) >>".utf8
        )))
        objects.append((formNumber, Array("<< /Fields [\(fieldNumber) 0 R] /SigFlags 3 >>".utf8)))
        catalog.add(" /AcroForm \(formNumber) 0 R /Perms << /DocMDP \(signatureNumber) 0 R >>")
        objects.append((rootNumber, catalog.bytes))
        if let pageNumber, var held = page, held.value(of: "Annots") == nil {
            held.add(" /Annots [\(fieldNumber) 0 R]")
            page = held
            objects.append((pageNumber, held.bytes))
        }

        // The objects, each where the cross-reference section will say.
        var bytes = Array("\n".utf8)
        var offsets: [Int: Int] = [:]
        var signatureBodyAt = 0
        for object in objects {
            offsets[object.number] = original.count + bytes.count
            bytes += Array("\(object.number) 0 obj\n".utf8)
            if object.number == signatureNumber { signatureBodyAt = bytes.count }
            bytes += object.body + Array("\nendobj\n".utf8)
        }
        let xrefAt = original.count + bytes.count
        bytes += Array("xref\n0 1\n0000000000 65535 f\r\n".utf8)
        let numbers = offsets.keys.sorted()
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            bytes += Array("\(numbers[index]) \(end - index + 1)\n".utf8)
            for number in numbers[index...end] {
                bytes += Array(String(format: "%010d 00000 n\r\n", offsets[number]!).utf8)
            }
            index = end + 1
        }
        var trailerText = "trailer\n<< /Size \(size + 3) /Root \(rootNumber) 0 R /Prev \(file.lastCrossReference)"
        if let info = trailer.value(of: "Info") { trailerText += " /Info \(info)" }
        if let id = trailer.value(of: "ID") { trailerText += " /ID \(id)" }
        trailerText += " >>\nstartxref\n\(xrefAt)\n%%EOF\n"
        bytes += Array(trailerText.utf8)

        contentsStart = signatureBodyAt + contentsAt
        contentsEnd = contentsStart + room * 2 + 2
        let total = original.count + bytes.count
        let range = "[0 \(original.count + contentsStart) \(original.count + contentsEnd) \(total - original.count - contentsEnd)]"
        let padded = range + String(repeating: " ", count: Self.byteRangeWidth - range.utf8.count)
        bytes.replaceSubrange((signatureBodyAt + byteRangeAt)..<(signatureBodyAt + byteRangeAt + Self.byteRangeWidth), with: Array(padded.utf8))
        self.bytes = bytes
    }

    /// Room for "[0 A B C]" with three numbers of up to 15 digits.
    private static let byteRangeWidth = 52

    /// A PDF text string: UTF-16 with a byte-order mark, as hex (no escaping to get wrong).
    private static func string(_ text: String) -> [UInt8] {
        var hex = "<FEFF"
        for unit in text.utf16 { hex += String(format: "%04X", unit) }
        return Array((hex + ">").utf8)
    }

    /// `D:YYYYMMDDHHmmSSZ`, in UTC.
    private static func pdfDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "D:%04d%02d%02d%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0
        )
    }
}

/// Reads what an incremental update needs of a PDF: its last trailer, cross-reference table and a few dictionaries.
private struct PDFFileReader {
    let data: Data
    /// The offset of the last cross-reference table (`startxref`).
    let lastCrossReference: Int

    init(data: Data) {
        self.data = data
        lastCrossReference = Self.startxref(in: data) ?? -1
    }

    private static func startxref(in data: Data) -> Int? {
        let tail = data.suffix(1_024)
        let text = String(decoding: tail, as: UTF8.self)
        guard let range = text.range(of: "startxref", options: .backwards) else { return nil }
        let digits = text[range.upperBound...].drop { $0 == "\n" || $0 == "\r" || $0 == " " }.prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    func trailer() throws -> PDFDictionary {
        guard data.starts(with: Array("%PDF-".utf8)) else { throw PDFSignatureError.unreadable(reason: "it does not begin %PDF-") }
        guard lastCrossReference >= 0, lastCrossReference < data.count else {
            throw PDFSignatureError.unreadable(reason: "no startxref at its end")
        }
        let start = data.startIndex + lastCrossReference
        guard data[start...].starts(with: Array("xref".utf8)) else {
            throw PDFSignatureError.unreadable(reason: "its cross-references are a stream, not a table")
        }
        guard let keyword = data.range(of: Data("trailer".utf8), in: start..<data.endIndex) else {
            throw PDFSignatureError.unreadable(reason: "no trailer after its cross-reference table")
        }
        return try PDFDictionary(data: data, from: keyword.upperBound)
    }

    /// Where object `number` starts, from the last cross-reference table (a file with one table, as cairo writes).
    func offset(of number: Int) throws -> Int {
        let start = data.startIndex + lastCrossReference + 4
        var position = start
        func line() -> String {
            while position < data.endIndex, data[position] == 0x0A || data[position] == 0x0D || data[position] == 0x20 { position += 1 }
            let begin = position
            while position < data.endIndex, data[position] != 0x0A, data[position] != 0x0D { position += 1 }
            return String(decoding: data[begin..<position], as: UTF8.self)
        }
        while position < data.endIndex {
            let header = line().split(separator: " ")
            guard header.count == 2, let first = Int(header[0]), let count = Int(header[1]) else { break }
            for index in 0..<count {
                let entry = line()
                if first + index == number {
                    let parts = entry.split(separator: " ")
                    guard parts.count >= 3, parts[2] == "n", let offset = Int(parts[0]) else { break }
                    return offset
                }
            }
        }
        throw PDFSignatureError.unreadable(reason: "object \(number) is not in its cross-reference table")
    }

    func dictionary(of number: Int) throws -> PDFDictionary {
        let offset = try offset(of: number)
        guard offset < data.count else { throw PDFSignatureError.unreadable(reason: "object \(number) lies past its end") }
        let start = data.startIndex + offset
        let header = Data("\(number) 0 obj".utf8)
        guard data[start...].starts(with: header) else {
            throw PDFSignatureError.unreadable(reason: "object \(number) is not where its table says")
        }
        return try PDFDictionary(data: data, from: start + header.count)
    }

    /// The first page of the document the catalog describes, following its page tree; `nil` when it has none.
    func firstPage(of catalog: PDFDictionary) throws -> Int? {
        guard var node = catalog.value(of: "Pages").flatMap(Self.reference) else { return nil }
        for _ in 0..<16 {
            let dictionary = try dictionary(of: node)
            if dictionary.value(of: "Type") == "/Page" { return node }
            guard let kids = dictionary.value(of: "Kids"), let first = Self.reference(kids.trimmingCharacters(in: CharacterSet(charactersIn: "[] \n\r")))
            else { return nil }
            node = first
        }
        return nil
    }

    /// The object number of "N 0 R" (or the first reference in a list of them).
    static func reference(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
        guard parts.count >= 3, parts[2].hasPrefix("R"), let number = Int(parts[0]) else { return nil }
        return number
    }
}

/// A dictionary as written in the file, with its top-level entries' values as text.
private struct PDFDictionary {
    /// From its "<<" to its ">>".
    private(set) var bytes: [UInt8]
    private var entries: [String: String] = [:]

    init(data: Data, from position: Data.Index) throws {
        var index = position
        while index < data.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(data[index]) { index += 1 }
        guard data[index...].starts(with: Array("<<".utf8)) else { throw PDFSignatureError.unreadable(reason: "a dictionary was expected") }
        // Find its end, counting nested dictionaries and skipping strings.
        var depth = 0
        var cursor = index
        var end: Data.Index?
        while cursor + 1 < data.endIndex {
            let byte = data[cursor]
            if byte == UInt8(ascii: "("), depth > 0 {
                cursor = Self.afterString(in: data, at: cursor)
                continue
            }
            if byte == UInt8(ascii: "<"), data[cursor + 1] == UInt8(ascii: "<") { depth += 1; cursor += 2; continue }
            if byte == UInt8(ascii: ">"), data[cursor + 1] == UInt8(ascii: ">") {
                depth -= 1
                cursor += 2
                if depth == 0 { end = cursor; break }
                continue
            }
            cursor += 1
        }
        guard let end else { throw PDFSignatureError.unreadable(reason: "a dictionary does not end") }
        bytes = Array(data[index..<end])
        entries = Self.entries(of: bytes)
    }

    func value(of key: String) -> String? { entries[key] }

    /// Adds `text` (" /Key value") before the closing ">>".
    mutating func add(_ text: String) {
        bytes.insert(contentsOf: Array(text.utf8), at: bytes.count - 2)
        entries = Self.entries(of: bytes)
    }

    /// Where the literal string `(…)` starting at `start` ends (after its closing parenthesis): balanced parentheses
    /// nest, a backslash escapes the byte after it.
    private static func afterString<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at start: Bytes.Index) -> Bytes.Index
    where Bytes.Index == Int {
        var nesting = 1
        var index = start + 1
        while index < bytes.endIndex, nesting > 0 {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "(") { nesting += 1 }
            if bytes[index] == UInt8(ascii: ")") { nesting -= 1 }
            index += 1
        }
        return min(index, bytes.endIndex)
    }

    /// The top-level keys and their values' text.
    private static func entries(of bytes: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        let inner = Array(bytes.dropFirst(2).dropLast(2))
        var index = 0
        var depth = 0
        var key: String?
        var valueStart = 0
        func close(at end: Int) {
            if let key { result[key] = String(decoding: inner[valueStart..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            key = nil
        }
        while index < inner.count {
            let byte = inner[index]
            switch byte {
            case UInt8(ascii: "("):
                index = afterString(in: inner, at: index)
                continue
            case UInt8(ascii: "<") where index + 1 < inner.count && inner[index + 1] == UInt8(ascii: "<"):
                depth += 1; index += 2; continue
            case UInt8(ascii: ">") where index + 1 < inner.count && inner[index + 1] == UInt8(ascii: ">"):
                depth -= 1; index += 2; continue
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: "/") where depth == 0:
                // A name at the top level is a key when no key is open, else it may be the open key's value.
                var end = index + 1
                while end < inner.count, !Self.delimiters.contains(inner[end]) { end += 1 }
                let name = String(decoding: inner[(index + 1)..<end], as: UTF8.self)
                if key == nil {
                    key = name
                    valueStart = end
                    index = end
                    continue
                }
                let sofar = String(decoding: inner[valueStart..<index], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if sofar.isEmpty {
                    // The name is this key's value; the next name is a key.
                    index = end
                    close(at: end)
                    continue
                }
                close(at: index)
                continue
            default:
                break
            }
            index += 1
        }
        close(at: inner.count)
        return result
    }

    private static let delimiters: Set<UInt8> = Set(" \n\r\t/<>[]()".utf8)
}
