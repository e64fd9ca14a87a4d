import Domain
/// One piece of a ``ReportOutline``, in reading order. Renderers decide how each kind looks, never what it says.
///
/// Nesting follows from the order: what comes after a heading belongs to it, what comes after a subheading belongs
/// to that, and a rule ends the sections (what follows it stands at the top level again).
public enum ReportBlock: Sendable, Equatable {
    /// The document's title and the identifier shown prominently under it.
    case title(String, identifier: ReportField)
    /// Labelled values that belong together (a text rendering aligns their values).
    case fields([ReportField])
    /// A section heading, in sentence case.
    case heading(String)
    /// A heading inside a section.
    case subheading(String)
    /// Free text; it may hold line breaks and is wrapped to the width available.
    case paragraph(String)
    /// Items in a bulleted list.
    case list([String])
    /// A photo with its description.
    case photo(ReportPhotoEntry)
    /// A separating line; it ends the sections before it.
    case rule
    /// The line that ends the report, saying what it is and when it was generated. A PDF says it at the foot of
    /// every page (``ReportOutline/footer``) instead of once more at the end.
    case closing(String)
    /// Rows of a label and one value per column (the statement's vehicles A and B side by side); the first row
    /// heads the columns.
    case table(ReportTable)
    /// Where each vehicle was first hit, drawn on a car's outline (a text rendering says it in words elsewhere).
    case impactDrawing(a: ImpactZone?, b: ImpactZone?)
    /// What follows starts a new page (a text rendering leaves a blank line).
    case pageBreak
    /// The European Accident Statement's front side, drawn as the printed form where a renderer draws forms and read
    /// as its ``StatementForm/linear`` blocks where it does not.
    case statementForm(StatementForm)
}

/// A table of the outline: a heading row, then rows of a label and one value per column.
public struct ReportTable: Sendable, Equatable {
    /// The heading of each column (the first, over the labels, may be empty).
    public let header: [String]
    /// Each row as many cells as the header; an empty cell is drawn as a dash.
    public let rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }
}
