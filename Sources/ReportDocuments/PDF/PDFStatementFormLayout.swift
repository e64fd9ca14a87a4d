import Domain

/// The accident statement's front side laid out as the printed European Accident Statement, on one A4 page: boxes
/// 1–5 across the top; vehicle A's column (6–11) on the left, the 17 circumstances (12) with both vehicles' boxes and
/// their counts in the middle, vehicle B's column on the right; the sketch (13) under the circumstances; each driver's
/// remarks (14) and the signatures (15) at the foot.
///
/// Text is drawn as large as its box allows, down to a smallest size; what still does not fit is cut with `…` and
/// given whole after the form (``overflow``), so nothing the statement says is lost.
struct PDFStatementFormLayout {
    typealias Measure = PDFReportLayout.Measure

    /// What is drawn on the form's page, in points from the page's top-left corner.
    let items: [PDFDrawItem]
    /// Text cut on the form, whole: the box it belongs to (with its vehicle) and the text.
    let overflow: [(box: String, text: String)]

    init(form: StatementForm, measure: @escaping Measure) {
        var drawer = Drawer(measure: measure)
        drawer.draw(form)
        items = drawer.items
        overflow = drawer.overflow
    }

    // MARK: - The page's grid

    static let left = 22.0
    static let width = PDFPageGeometry.width - 2 * left
    static let gap = 6.0
    static let columnWidth = 178.0
    static var middleWidth: Double { width - 2 * columnWidth - 2 * gap }
    static var middleLeft: Double { left + columnWidth + gap }
    static var rightLeft: Double { middleLeft + middleWidth + gap }
    /// The form ends here, above the page's footer (which a long crash ID or language makes two lines).
    static let bottom = 784.0
    static let smallest = 4.5

    /// Vehicle A's colour and B's, as on the printed form (blue and yellow), light enough to write on.
    static let colourA = PDFColour(red: 0.85, green: 0.91, blue: 0.98)
    static let colourB = PDFColour(red: 0.99, green: 0.96, blue: 0.80)

    private struct Drawer {
        let measure: Measure
        var items: [PDFDrawItem] = []
        var overflow: [(box: String, text: String)] = []

        static let titleStyle = PDFTextStyle(size: 6.5, bold: true, grey: 0.1)

        mutating func draw(_ form: StatementForm) {
            let left = PDFStatementFormLayout.left, width = PDFStatementFormLayout.width, gap = PDFStatementFormLayout.gap
            // The title and the crash.
            let title = PDFTextStyle(size: 13, bold: true, grey: 0)
            items.append(.text(form.title, title, x: left, baseline: 36))
            let id = PDFTextStyle(size: 9, bold: true, grey: 0)
            let identifier = form.identifier.text
            items.append(.text(identifier, id, x: left + width - measure(identifier, id), baseline: 36))

            // 1–5 and the police, in two rows.
            let top = form.top
            func topBox(_ index: Int, x: Double, y: Double, w: Double, h: Double) {
                guard index < top.count else { return }
                let inside = box(x: x, y: y, w: w, h: h, title: top[index].label)
                text(top[index].value, x: x + 3, y: inside, w: w - 6, h: y + h - inside - 2, size: 7, box: top[index].label)
            }
            let first = 120.0, third = 130.0
            topBox(0, x: left, y: 44, w: first, h: 40)
            topBox(1, x: left + first + gap, y: 44, w: width - first - third - 2 * gap, h: 40)
            topBox(2, x: left + width - third, y: 44, w: third, h: 40)
            let fourth = 170.0, police = 118.0
            topBox(3, x: left, y: 88, w: fourth, h: 32)
            topBox(4, x: left + fourth + gap, y: 88, w: width - fourth - police - 2 * gap, h: 32)
            topBox(5, x: left + width - police, y: 88, w: police, h: 32)

            // The two vehicles' columns.
            let columns = [PDFStatementFormLayout.left, PDFStatementFormLayout.rightLeft]
            let colours = [PDFStatementFormLayout.colourA, PDFStatementFormLayout.colourB]
            let columnWidth = PDFStatementFormLayout.columnWidth
            let header = PDFTextStyle(size: 8.5, bold: true, grey: 0)
            let impactTop = 530.0, damageTop = 640.0, remarksTop = 692.0, signaturesTop = 744.0
            for side in 0..<2 {
                let x = columns[side]
                let name = side < form.vehicles.count ? form.vehicles[side] : ""
                items.append(.box(x: x, y: 124, width: columnWidth, height: 13, fill: colours[side]))
                items.append(.text(name, header, x: x + (columnWidth - measure(name, header)) / 2, baseline: 133.5))
                sections(form.sections, side: side, vehicle: name, x: x, top: 140, bottom: impactTop - 4)
                // 10: the point of impact on the car's outline, and in words.
                let impactInside = box(x: x, y: impactTop, w: columnWidth, h: damageTop - impactTop - 4, title: form.impactTitle)
                // Room around the car for the arrow pointing at it.
                let reach = CairoPDFCanvas.formArrowReach
                let carHeight = damageTop - 4 - impactInside - 2 * reach - 2
                let carWidth = carHeight * 0.48
                let carTop = impactInside + reach
                let zone = side < form.impact.count ? form.impact[side] : nil
                items.append(.impactCar(zone, x: x + reach + 8, y: carTop, width: carWidth, height: carHeight))
                if side < form.impactWords.count {
                    let wordsLeft = x + 2 * reach + 16 + carWidth
                    text(form.impactWords[side], x: wordsLeft, y: carTop + carHeight / 2 - 8,
                         w: x + columnWidth - 4 - wordsLeft, h: 30, size: 7, box: "\(form.impactTitle) — \(name)")
                }
                // 11, 14 and 15.
                let damage = side < form.damage.count ? form.damage[side] : ""
                let damageInside = box(x: x, y: damageTop, w: columnWidth, h: remarksTop - damageTop - 4, title: form.damageTitle)
                text(damage.isEmpty ? "—" : damage, x: x + 3, y: damageInside, w: columnWidth - 6, h: remarksTop - 6 - damageInside,
                     size: 7, box: "\(form.damageTitle) — \(name)")
                let remarks = side < form.remarks.count ? form.remarks[side] : ""
                let remarksInside = box(x: x, y: remarksTop, w: columnWidth, h: signaturesTop - remarksTop - 4, title: form.remarksTitle)
                text(remarks.isEmpty ? "—" : remarks, x: x + 3, y: remarksInside, w: columnWidth - 6, h: signaturesTop - 6 - remarksInside,
                     size: 7, box: "\(form.remarksTitle) — \(name)")
                let half = (width - gap) / 2
                let signatureX = left + Double(side) * (half + gap)
                let signatureInside = box(x: signatureX, y: signaturesTop, w: half, h: PDFStatementFormLayout.bottom - signaturesTop,
                                          title: "\(form.signaturesTitle) — \(name)", fill: colours[side])
                let signature = side < form.signatures.count ? form.signatures[side] : ""
                text(signature, x: signatureX + 3, y: signatureInside, w: half - 6, h: PDFStatementFormLayout.bottom - 2 - signatureInside,
                     size: 7, box: "\(form.signaturesTitle) — \(name)")
            }

            // 12: the circumstances, A's box left of each and B's right; then the count of each.
            let middle = PDFStatementFormLayout.middleLeft, middleWidth = PDFStatementFormLayout.middleWidth
            let sketchBottom = signaturesTop - 4
            let circumstancesBottom = circumstances(form, x: middle, w: middleWidth, top: 124, bottom: 560)
            // 13: the sketch, in the room left under them.
            let sketchTop = circumstancesBottom + 4
            let sketchInside = box(x: middle, y: sketchTop, w: middleWidth, h: sketchBottom - sketchTop, title: form.sketchTitle)
            let room = (x: middle + 3, y: sketchInside, w: middleWidth - 6, h: sketchBottom - 3 - sketchInside)
            if let sketch = form.sketch, room.h > 20 {
                let upright = sketch.photo.orientation.uprightSize(of: sketch.photo.pixelSize)
                let scale = min(room.w / Double(max(upright.width, 1)), room.h / Double(max(upright.height, 1)))
                let w = Double(upright.width) * scale, h = Double(upright.height) * scale
                items.append(.photo(sketch.photo, x: room.x + (room.w - w) / 2, y: room.y + (room.h - h) / 2, width: w, height: h))
            } else {
                text(form.noSketch, x: room.x, y: room.y, w: room.w, h: max(room.h, 10), size: 7, box: form.sketchTitle)
            }
        }

        /// Boxes 6–9 of one vehicle: each a box with its title and its lines, a label over each value. The sizes shrink
        /// together until everything fits; a value that still does not is cut and given after the form.
        mutating func sections(_ sections: [StatementForm.Section], side: Int, vehicle: String, x: Double, top: Double, bottom: Double) {
            let inner = PDFStatementFormLayout.columnWidth - 6
            // A row: its label a size smaller, over its value's lines (at most four).
            func rowHeight(_ row: StatementForm.Section.Row, size: Double) -> Double {
                let value = row.value(side)
                return (size - 1) * 1.2 + Double(min(wrap(value.isEmpty ? "—" : value, width: inner, size: size).count, 4)) * size * 1.2
            }
            func rowsHeight(_ section: StatementForm.Section, size: Double) -> Double {
                section.rows.reduce(0) { $0 + rowHeight($1, size: size) }
            }
            func height(size: Double) -> Double {
                sections.reduce(0) { $0 + 11 + 3 + rowsHeight($1, size: size) + 4 }
            }
            var size = 7.0
            while size > PDFStatementFormLayout.smallest, height(size: size) > bottom - top { size -= 0.25 }
            var y = top
            for section in sections {
                let rowsHeight = rowsHeight(section, size: size)
                let boxHeight = min(11 + rowsHeight + 4, bottom - y)
                guard boxHeight > 14 else {
                    for row in section.rows where !row.value(side).isEmpty {
                        overflow.append((box: "\(section.title), \(row.label) — \(vehicle)", text: row.value(side)))
                    }
                    continue
                }
                var line = box(x: x, y: y, w: PDFStatementFormLayout.columnWidth, h: boxHeight, title: section.title)
                let end = y + boxHeight - 2
                for row in section.rows {
                    let value = row.value(side)
                    let label = PDFTextStyle(size: size - 1, bold: false, grey: 0.45)
                    guard line + label.lineHeight <= end else {
                        if !value.isEmpty { overflow.append((box: "\(section.title), \(row.label) — \(vehicle)", text: value)) }
                        continue
                    }
                    items.append(.text(row.label, label, x: x + 3, baseline: line + label.size))
                    line += (size - 1) * 1.2
                    let used = text(value.isEmpty ? "—" : value, x: x + 3, y: line, w: inner, h: min(end - line, 4 * size * 1.2 + 0.1),
                                    size: size, fixed: true, box: "\(section.title), \(row.label) — \(vehicle)", keep: !value.isEmpty)
                    line += used
                }
                y += boxHeight + 3
            }
        }

        /// Box 12; returns where it ends.
        mutating func circumstances(_ form: StatementForm, x: Double, w: Double, top: Double, bottom: Double) -> Double {
            let tick = 8.0
            let textWidth = w - 2 * (tick + 9)
            let count = form.circumstances.count
            func rowsHeight(_ size: Double) -> Double {
                form.circumstances.reduce(0) { $0 + max(Double(wrap($1, width: textWidth, size: size).count) * size * 1.15, tick) + 2.5 }
            }
            var size = 6.5
            let available = bottom - top - 13 - 16
            while size > PDFStatementFormLayout.smallest, rowsHeight(size) > available { size -= 0.25 }
            let height = 13 + rowsHeight(size) + 16
            var y = box(x: x, y: top, w: w, h: height, title: form.circumstancesTitle) + 1
            let style = PDFTextStyle(size: size, bold: false, grey: 0)
            for index in 0..<count {
                let lines = wrap(form.circumstances[index], width: textWidth, size: size)
                let rowHeight = max(Double(lines.count) * size * 1.15, tick)
                let number = index + 1
                for (side, boxX) in [x + 3, x + w - 3 - tick].enumerated() {
                    items.append(.box(x: boxX, y: y, width: tick, height: tick, fill: side == 0 ? PDFStatementFormLayout.colourA : PDFStatementFormLayout.colourB))
                    if side < form.ticked.count, form.ticked[side].contains(number) { items.append(.cross(x: boxX, y: y, size: tick)) }
                }
                for (lineIndex, line) in lines.enumerated() {
                    items.append(.text(line, style, x: x + tick + 9, baseline: y + size + Double(lineIndex) * size * 1.15))
                }
                y += rowHeight + 2.5
            }
            // The count of boxes each vehicle ticked.
            let countStyle = PDFTextStyle(size: 6.5, bold: true, grey: 0)
            items.append(.text(form.countLabel, countStyle, x: x + (w - measure(form.countLabel, countStyle)) / 2, baseline: y + 9))
            for (side, boxX) in [x + 3, x + w - 3 - 14].enumerated() {
                items.append(.box(x: boxX, y: y + 1, width: 14, height: 11, fill: nil))
                let number = side < form.ticked.count ? String(form.ticked[side].count) : "0"
                items.append(.text(number, countStyle, x: boxX + (14 - measure(number, countStyle)) / 2, baseline: y + 9.5))
            }
            return top + height
        }

        /// A box with its title in the top-left corner; returns where the text inside may start.
        mutating func box(x: Double, y: Double, w: Double, h: Double, title: String, fill: PDFColour? = nil) -> Double {
            items.append(.box(x: x, y: y, width: w, height: h, fill: fill))
            var style = Self.titleStyle
            // A long title (in some languages) is drawn smaller rather than past the box.
            while measure(title, style) > w - 6, style.size > PDFStatementFormLayout.smallest {
                style = PDFTextStyle(size: style.size - 0.25, bold: true, grey: style.grey)
            }
            items.append(.text(title, style, x: x + 3, baseline: y + 2 + style.size))
            return y + 4 + style.lineHeight
        }

        /// `text` wrapped into the room at `size`, smaller (down to the smallest) until it fits unless `fixed`; what
        /// still does not fit is cut with `…` and kept for after the form (`keep`). Returns the height used.
        @discardableResult
        mutating func text(
            _ text: String, x: Double, y: Double, w: Double, h: Double, size: Double, fixed: Bool = false, box: String, keep: Bool = true
        ) -> Double {
            var size = size
            var lines = wrap(text, width: w, size: size)
            while !fixed, Double(lines.count) * size * 1.2 > h, size > PDFStatementFormLayout.smallest {
                size -= 0.25
                lines = wrap(text, width: w, size: size)
            }
            let style = PDFTextStyle(size: size, bold: false, grey: 0)
            let fitting = max(1, Int(h / (size * 1.2)))
            if lines.count > fitting {
                lines = Array(lines.prefix(fitting))
                lines[lines.count - 1] = cut(lines[lines.count - 1], width: w, style: style)
                if keep { overflow.append((box: box, text: text)) }
            }
            for (index, line) in lines.enumerated() where !line.isEmpty {
                items.append(.text(line, style, x: x, baseline: y + size + Double(index) * size * 1.2))
            }
            return Double(lines.count) * size * 1.2
        }

        /// The line with `…` at its end, shortened until both fit the width.
        private func cut(_ line: String, width: Double, style: PDFTextStyle) -> String {
            var line = line
            while !line.isEmpty, measure(line + "…", style) > width { line.removeLast() }
            return line + "…"
        }

        private func wrap(_ text: String, width: Double, size: Double) -> [String] {
            let style = PDFTextStyle(size: size, bold: false, grey: 0)
            return PDFTextWrapper.wrap(text, width: width) { measure($0, style) }
        }
    }
}

/// A colour to fill a box with.
struct PDFColour: Sendable, Hashable {
    let red: Double
    let green: Double
    let blue: Double
}
