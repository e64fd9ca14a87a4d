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
    /// A rectangle's thin outline, filled first when `fill` is given.
    case box(x: Double, y: Double, width: Double, height: Double, fill: PDFColour?)
    /// A cross filling a square box (a ticked box of the form).
    case cross(x: Double, y: Double, size: Double)
    /// One car's outline seen from above, front up, its point of impact marked when known.
    case impactCar(ImpactZone?, x: Double, y: Double, width: Double, height: Double)
}
