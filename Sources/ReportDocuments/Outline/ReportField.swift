/// A labelled value in the report, such as "Status: Completed, …" or "Where: Andrássy út 1, Budapest".
public struct ReportField: Sendable, Equatable {
    /// What the value is, without a colon: "Status", "When", "Where".
    public let label: String
    /// The value as written.
    public let value: String

    /// The field as one line of prose: "Label: value".
    public var text: String { "\(label): \(value)" }
}
