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
}
