import Foundation

/// The links that open the app on a crash, as the server texts them to the driver:
///
///     crashassistant://crash/<crash ID>
///     https://<host>[/<base path>]/c/<crash ID>
///
/// The scheme and the app link's `crash` host are read case-insensitively, surrounding whitespace is
/// ignored and one trailing `/` is allowed. The web link may use http or https, any host and any base
/// path before `/c/`. Anything else — another scheme or path, a query or fragment, spaces inside, a
/// crash ID that does not validate — is refused.
public enum DeepLink {
    /// The app's own URL scheme.
    public static let appScheme = "crashassistant"
    /// The host of an app link (`crashassistant://crash/…`).
    public static let appHost = "crash"
    /// The path segment in front of the crash ID in a web link (`…/c/…`).
    public static let webSegment = "c"
    /// The longest link read; real ones are well under a hundred characters.
    public static let maximumLength = 2_048

    // MARK: - Parsing

    /// The crash ID a link opens.
    /// - Throws: `InputError.invalidDeepLink` naming what is wrong with the link.
    public static func crashID(from text: String) throws(InputError) -> CrashID {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func refuse(_ reason: String) -> InputError {
            .invalidDeepLink(link, reason: reason)
        }
        guard !link.isEmpty else { throw refuse("it is empty") }
        guard link.count <= maximumLength else {
            throw refuse("it is longer than \(maximumLength) characters")
        }
        guard !link.unicodeScalars.contains(where: isSpaceOrControl) else {
            throw refuse("it has spaces or control characters inside")
        }
        guard !link.unicodeScalars.contains(where: { $0 == "?" || $0 == "#" }) else {
            throw refuse("it has a query or fragment (“?…” or “#…”) after the crash ID")
        }
        guard let separator = link.range(of: "://") else {
            throw refuse("it has no scheme (crashassistant://, https:// or http://)")
        }
        let scheme = link[..<separator.lowerBound].lowercased()
        var segments = link[separator.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }  // one trailing slash

        let idSegment: Substring
        switch scheme {
        case appScheme:
            guard segments.first?.lowercased() == appHost, segments.count <= 2 else {
                throw refuse("it does not open a crash (expected crashassistant://crash/<crash ID>)")
            }
            idSegment = segments.count == 2 ? segments[1] : ""
        case "https", "http":
            guard let host = segments.first, !host.isEmpty else { throw refuse("it names no host") }
            // `…/c` or `…/c/` (but not `…/c/c`): the path ends before the crash ID.
            if segments.count >= 2, segments.last == Substring(webSegment),
               segments.count == 2 || segments[segments.count - 2] != webSegment {
                segments.append("")
            }
            guard segments.count >= 3, segments[segments.count - 2] == webSegment,
                  !segments.dropFirst().dropLast().contains(where: \.isEmpty) else {
                throw refuse("its path does not end in /c/<crash ID>")
            }
            idSegment = segments[segments.count - 1]
        default:
            throw refuse("“\(abbreviated(scheme)):” is not a scheme the app opens (crashassistant, https or http)")
        }
        guard !idSegment.isEmpty else { throw refuse("it has no crash ID at the end") }
        do throws(InputError) {
            return try CrashID(entered: String(idSegment))
        } catch let .invalidCrashID(_, reason) {
            throw refuse("its crash ID “\(abbreviated(String(idSegment)))” is refused because \(reason)")
        } catch {
            throw error
        }
    }

    /// The server a web link comes from (`https://claims.example.com` for `https://claims.example.com/c/CA-…`, with its
    /// base path), or `nil` for an app link or text that is not a web link.
    public static func server(of text: String) -> String? {
        let link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = link.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"),
              let marker = link.range(of: "/\(webSegment)/", options: .backwards) else { return nil }
        let base = String(link[..<marker.lowerBound])
        return base.count > (lower.hasPrefix("https") ? 8 : 7) ? base : nil
    }

    // MARK: - Making

    /// The app link that opens a crash: `crashassistant://crash/<crash ID>`.
    public static func appLink(for crashID: CrashID) -> String {
        "\(appScheme)://\(appHost)/\(crashID.rawValue)"
    }

    /// The web link to a crash on a server reached at `publicURL` (no trailing slash): `<publicURL>/c/<crash ID>`.
    public static func webLink(for crashID: CrashID, publicURL: String) -> String {
        "\(publicURL)/\(webSegment)/\(crashID.rawValue)"
    }

    // MARK: - Pieces

    /// Whitespace and control characters: never part of a link the server sends.
    private static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.whitespacesAndNewlines.contains(scalar) || CharacterSet.controlCharacters.contains(scalar)
    }

    /// The text at a length an error message can show (``EchoText``).
    private static func abbreviated(_ text: String) -> String {
        EchoText.shortened(text)
    }
}
