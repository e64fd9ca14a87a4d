import Foundation
import Synchronization

/// The languages the product speaks: English, and one more for every catalog file (`de.po`, `hu.po`) in the
/// catalogs folder. Adding a language is adding its catalog there. A catalog is read the first time its language is
/// asked for, so a start in English reads none.
public final class Languages: Sendable {
    /// The catalogs shipped with the programs: `CrashAssistant_Wording.resources/Catalogs` beside the running
    /// program, or `CRASH_ASSISTANT_CATALOGS` when set.
    public static let shipped = Languages(folderPath: Languages.shippedFolder())

    /// The folder the catalogs were found in, if any.
    public let folderPath: String?
    /// The codes of the languages with a catalog, and English, sorted.
    public let codes: [String]
    private let loaded = Mutex<[String: Result<Words, CatalogError>]>([:])

    public init(folderPath: String?) {
        self.folderPath = folderPath
        var codes = ["en"]
        if let folderPath, let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) {
            codes += names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.filter { $0 != "en" }
        }
        self.codes = codes.sorted()
    }

    /// The words of a language by its code, English for `en` or a language without a catalog. A catalog that does
    /// not read is a fault of the installation: it is reported through `catalogError(for:)` and English is used.
    public func words(_ code: String) -> Words {
        guard code != "en", codes.contains(code), let folderPath else { return .english }
        return loaded.withLock { cache in
            if let cached = cache[code] { return (try? cached.get()) ?? .english }
            let result: Result<Words, CatalogError>
            do {
                let text = try String(contentsOfFile: "\(folderPath)/\(code).po", encoding: .utf8)
                result = .success(Words(catalog: try Catalog(poText: text)))
            } catch let error as CatalogError {
                result = .failure(error)
            } catch {
                result = .failure(.syntax(line: 0, "the file cannot be read (\(error.localizedDescription))"))
            }
            cache[code] = result
            return (try? result.get()) ?? .english
        }
    }

    /// Why a language's catalog could not be used, once it was asked for.
    public func catalogError(for code: String) -> CatalogError? {
        loaded.withLock { cache in
            if case let .failure(error)? = cache[code] { return error }
            return nil
        }
    }

    /// Every language the product speaks, for a language switch: code and name in itself.
    public var all: [Words] { codes.map(words) }

    /// The language of the first code in `preferences` (best first) that has a catalog, trying `pt_BR` and then
    /// `pt`; English when none does.
    public func best(_ preferences: [String]) -> Words {
        for preference in preferences {
            let normalized = preference.replacingOccurrences(of: "-", with: "_")
            let parts = normalized.split(separator: "_", maxSplits: 1)
            guard let first = parts.first else { continue }
            let language = first.lowercased()
            if parts.count == 2 {
                let full = "\(language)_\(parts[1].uppercased())"
                if codes.contains(full) { return words(full) }
            }
            if codes.contains(language) { return words(language) }
        }
        return .english
    }

    /// The language an HTTP request's `Accept-Language` asks for (`de-DE,de;q=0.9,en;q=0.5`), by its weights.
    public func best(acceptLanguage header: String?) -> Words {
        best(Self.preferences(acceptLanguage: header))
    }

    /// The language a POSIX program takes from its environment: `LC_ALL`, else `LC_MESSAGES`, else `LANG` (the first
    /// one set and not empty); `C` and `POSIX` are English. `LANGUAGE` (GNU's list, `de:fr`) is honoured when the
    /// one chosen so is not `C`.
    public func best(environment: [String: String]) -> Words {
        let chosen = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let chosen else { return .english }
        let locale = Self.posixLanguage(chosen)
        guard locale != "C", locale != "POSIX" else { return .english }
        var preferences: [String] = []
        if let list = environment["LANGUAGE"], !list.isEmpty {
            preferences += list.split(separator: ":").map { Self.posixLanguage(String($0)) }
        }
        preferences.append(locale)
        return best(preferences)
    }

    /// `hu_HU.UTF-8@euro` → `hu_HU`.
    static func posixLanguage(_ value: String) -> String {
        String(value.prefix { $0 != "." && $0 != "@" })
    }

    /// The language ranges of an `Accept-Language` header, by weight (best first; a range at q=0 is left out).
    public static func preferences(acceptLanguage header: String?) -> [String] {
        guard let header else { return [] }
        var ranges: [(String, Double, Int)] = []
        for (index, item) in header.split(separator: ",").prefix(32).enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first, !range.isEmpty, range != "*", range.count <= 35 else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0 { ranges.append((range, min(weight, 1), index)) }
        }
        return ranges.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }

    // MARK: - Where the catalogs are

    /// The first of these folders that exists: `CRASH_ASSISTANT_CATALOGS`, the resources beside the program, the
    /// sources it was built from. Worked out on paths as text: it runs at every start, where Foundation's URLs cost
    /// a noticeable part of the time.
    private static func shippedFolder() -> String? {
        let fileManager = FileManager.default
        var candidates: [String] = []
        if let set = getenv("CRASH_ASSISTANT_CATALOGS").map({ String(cString: $0) }), !set.isEmpty {
            candidates.append(set)
        }
        if let program = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(folder(of: program) + "/CrashAssistant_Wording.resources/Catalogs")
        }
        // A program run where it was built also finds the catalogs in the sources.
        candidates.append(folder(of: #filePath) + "/Catalogs")
        var isFolder: ObjCBool = false
        return candidates.first { fileManager.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
    }

    /// The folder part of a path (`/a/b` → `/a`, `b` → `.`).
    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
