import CQRencode

/// A QR code drawn with block characters, two rows of modules to a line of text: scannable from a terminal by a phone.
/// Dark modules are drawn as spaces on light blocks, so the code reads the same on a dark or a light terminal; a quiet
/// zone of four modules surrounds it, as scanners need.
enum QRCodeText {
    /// The modules of the code for `text`, row by row (`true`: dark); `nil` when the text is too long for a QR code.
    static func modules(for text: String) -> [[Bool]]? {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        return (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
    }

    /// The lines drawing `modules` with a quiet zone: `█` both light, `▀` top light, `▄` bottom light, space both dark.
    static func lines(_ modules: [[Bool]], quietZone: Int = 4) -> [String] {
        let width = modules.count + 2 * quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quietZone, c = column - quietZone
            guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return false }
            return modules[r][c]
        }
        return stride(from: 0, to: width, by: 2).map { row in
            String((0..<width).map { column -> Character in
                switch (dark(row, column), row + 1 < width ? dark(row + 1, column) : false) {
                case (false, false): "█"
                case (false, true): "▀"
                case (true, false): "▄"
                case (true, true): " "
                }
            })
        }
    }
}
