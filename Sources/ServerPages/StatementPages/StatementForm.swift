import Domain

/// The other driver's form as a browser posts it, decoded with Hummingbird's form decoder: the CSRF value, each field
/// of their column by its name (``VehicleField``'s raw values), their remarks, and the boxes ticked (`c1`…`c17`).
package struct StatementForm: Decodable, Sendable {
    package let csrf: String?
    /// What was typed, by field name (`remarks` among them).
    private let values: [String: String]
    /// The numbers of the boxes ticked.
    package let boxes: Set<Int>

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: Name.self)
        csrf = try form.decodeIfPresent(String.self, forKey: Name("csrf"))
        var values: [String: String] = [:]
        for name in VehicleField.allCases.map(\.rawValue) + ["remarks"] {
            values[name] = try form.decodeIfPresent(String.self, forKey: Name(name))
        }
        self.values = values
        boxes = Set(Circumstance.allCases.map(\.number).filter { form.contains(Name("c\($0)")) })
    }

    /// What was typed in the named field, if it was sent.
    package subscript(_ name: String) -> String? { values[name] }
}

/// A form of the review page: asking for a code, signing (name, code) or declining (reason), each with the CSRF value
/// and the version of the front side the page showed.
package struct StatementDecisionForm: Decodable, Sendable {
    package let csrf: String?
    package let version: String?
    package let name: String?
    package let code: String?
    package let reason: String?
}
