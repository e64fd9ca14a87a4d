import Domain

/// One thing drawn on a page, at its place in points from the page's top-left corner.
enum PDFDrawItem: Sendable {
    /// Text starting at `x` on the baseline `baseline`.
    case text(String, PDFTextStyle, x: Double, baseline: Double)
    /// A photo drawn upright into the rectangle.
    case photo(Photo, x: Double, y: Double, width: Double, height: Double)
    /// A thin line across the content width.
    case rule(y: Double)
    /// Two car outlines side by side, vehicle A's and B's, each with its point of initial impact marked.
    case impactDiagram(a: ImpactZone?, b: ImpactZone?, x: Double, y: Double, width: Double, height: Double)
}
