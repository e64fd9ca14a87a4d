import Foundation
import OpenAPIRuntime

/// The one setting both ends of the wire use, and JSON coders that write what the generated code writes
/// (for stores that keep a report as its wire JSON).
public enum WireCoding {
    /// For the generated server and client.
    public static let configuration = Configuration(
        dateTranscoder: WireDates(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]
    )

    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDates.format(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = WireDates.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text.prefix(64))' is not an RFC 3339 time such as 2026-11-21T17:42:05Z"
                )
            }
            return date
        }
        return decoder
    }
}
