import Domain

/// The front side of the European Accident Statement as its words, laid out by a renderer that draws forms (the PDF
/// draws it as the printed form: one page, vehicle A | the circumstances | vehicle B, the boxes numbered as on paper).
/// `linear` says the same in reading order for a renderer that reads top to bottom (text, a web page), and
/// `afterForm` is what follows the form's page (the signing record and the seal).
public struct StatementForm: Sendable, Equatable {
    /// A numbered box of the form: its title (`7. Vehicle`) and its lines, each a label and a value per side.
    public struct Section: Sendable, Equatable {
        /// A field's label and one value per vehicle, A's first; an empty value was not given.
        public struct Row: Sendable, Equatable {
            public let label: String
            public let values: [String]

            /// The value of vehicle `side` (0 for A), empty when not given.
            public func value(_ side: Int) -> String { side < values.count ? values[side] : "" }
        }

        public let title: String
        public let rows: [Row]
    }

    /// The form's title and the crash it belongs to.
    public let title: String
    public let identifier: ReportField
    /// Boxes 1–5 across the top (date, place, injuries, other damage, witnesses), and the police.
    public let top: [ReportField]
    /// "Vehicle A", "Vehicle B".
    public let vehicles: [String]
    /// Boxes 6–9 of each column.
    public let sections: [Section]
    /// Box 10: its title, each vehicle's point of impact (drawn on an outline) and in words.
    public let impactTitle: String
    public let impact: [ImpactZone?]
    public let impactWords: [String]
    /// Box 11: its title and each vehicle's visible damage.
    public let damageTitle: String
    public let damage: [String]
    /// Box 12: its title, the 17 circumstances (numbered), which each vehicle ticked (by number) and the count line.
    public let circumstancesTitle: String
    public let circumstances: [String]
    public let ticked: [Set<Int>]
    public let countLabel: String
    /// Box 13: its title, and the photo of the sketch when there is one (else `noSketch` says so).
    public let sketchTitle: String
    public let sketch: ReportPhotoEntry?
    public let noSketch: String
    /// Box 14: its title and each driver's remarks.
    public let remarksTitle: String
    public let remarks: [String]
    /// Box 15: its title and each side's signature in short.
    public let signaturesTitle: String
    public let signatures: [String]
    /// The same statement in reading order, for renderers that do not draw forms.
    public let linear: [ReportBlock]
    /// What follows the form's page: the signing record and the seal.
    public let afterForm: [ReportBlock]
    /// The heading over text that did not fit its box on the form, given whole after it.
    public let continuedHeading: String
}
