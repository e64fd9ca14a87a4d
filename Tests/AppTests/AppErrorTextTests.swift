@testable import App
import Data
import Domain
import ReportDocuments
import Storage
import Testing

@Suite("The app's words and exit statuses for errors")
struct AppErrorTextTests {
    @Test func withoutAnyPlaceTheAppSaysHowToGiveOneAndEndsWithConfig() {
        let error = StorageError.noDataLocation
        #expect(AppErrorText.sentence(for: error, words: .english) == "No folder for the reports is known: HOME is not set. "
            + "Give --database FILE, or set CRASH_ASSISTANT_DATABASE or HOME.")
        #expect(ExitStatus.of(error) == 78)
    }

    @Test func aFileThatIsNotADatabaseOffersAnotherFileAndEndsWithDataError() {
        let error = StorageError.notADatabase(path: "/d/r.sqlite", reason: "it is cut short")
        #expect(AppErrorText.sentence(for: error, words: .english) == "The file /d/r.sqlite is not a usable crash-assistant database "
            + "(it is cut short). It was left untouched. Move it aside (keep a copy), or choose another file with --database FILE.")
        #expect(ExitStatus.of(error) == 65)
    }

    @Test func aFolderThatCannotBeMadeEndsWithCannotCreate() {
        #expect(ExitStatus.of(StorageError.directoryNotCreatable(path: "/proc/x", reason: "No such file")) == 73)
        #expect(ExitStatus.of(StorageError.directoryNotWritable(path: "/x", reason: "Read-only")) == 73)
    }

    @Test func sqliteFailuresEndWithTheirOwnStatus() {
        let busy = SQLiteError(code: 5, message: "database is locked", path: "/d/r.sqlite")
        let corrupt = SQLiteError(code: 11, message: "malformed", path: "/d/r.sqlite")
        let full = SQLiteError(code: 13, message: "full", path: "/d/r.sqlite")
        #expect(ExitStatus.of(busy) == 75)
        #expect(ExitStatus.of(StorageError.databaseUnusable(corrupt)) == 65)
        #expect(ExitStatus.of(full) == 74)
        #expect(AppErrorText.sentence(for: busy, words: .english)
            == "The database /d/r.sqlite is busy: another program is writing to it. Wait a moment and try again.")
    }

    @Test func aPhotoFileThatCannotBeWrittenEndsWithIOError() {
        #expect(ExitStatus.of(PhotoStoreError(operation: "write", path: "/p", reason: "No space")) == 74)
        #expect(ExitStatus.of(ReportError.nothingToReport) == 74)
    }

    @Test func theMissingFontSaysHowToInstallIt() {
        #expect(AppErrorText.sentence(for: PDFRenderError.fontMissing(found: "Liberation Sans"), words: .english)
            == "The PDF needs the DejaVu Sans font, but the system offers “Liberation Sans” instead. "
            + "Install it (apt-get install fonts-dejavu-core, or run make deps) and try again.")
    }

    @Test func aMissingDrawingLibrarySaysHowToInstallIt() {
        let error = PDFRenderError.libraryMissing(reason: "libcairo.so.2: cannot open shared object file: No such file or directory")
        #expect(AppErrorText.sentence(for: error, words: .english)
            == "The PDF cannot be made: its drawing library libcairo.so.2 cannot be loaded (libcairo.so.2: cannot open shared "
            + "object file: No such file or directory). Install it (apt-get install libcairo2, or run make deps) and try again; "
            + "everything else works without it.")
        #expect(ExitStatus.of(error) == 69)
    }

    @Test func aMissingPangoLibraryNamesItsPackage() {
        let error = PDFRenderError.libraryMissing(library: "libpangocairo-1.0.so.0", reason: "not found")
        #expect(AppErrorText.sentence(for: error, words: .english)
            == "The PDF cannot be made: its drawing library libpangocairo-1.0.so.0 cannot be loaded (not found). Install it "
            + "(apt-get install libpangocairo-1.0-0, or run make deps) and try again; everything else works without it.")
        #expect(ExitStatus.of(error) == 69)
    }

    @Test func charactersNoFontHasAreNamedWithTheFontsToInstall() {
        #expect(AppErrorText.sentence(for: PDFRenderError.charactersWithoutFont("\u{E000}"), words: .english)
            == "The PDF cannot print “\u{E000}” (U+E000): no font installed on this system has it. Install the fonts "
            + "(apt-get install fonts-noto-core fonts-noto-cjk fonts-symbola, or run make deps), or remove it from the "
            + "report, and try again.")
        #expect(AppErrorText.sentence(for: PDFRenderError.charactersWithoutFont("\u{E000}司"), words: .english)
            == "The PDF cannot print “\u{E000}” (U+E000) and “司” (U+53F8): no font installed on this system has them. "
            + "Install the fonts (apt-get install fonts-noto-core fonts-noto-cjk fonts-symbola, or run make deps), or "
            + "remove them from the report, and try again.")
    }

    @Test func aDamagedRecordOffersAnotherDatabaseFile() {
        #expect(AppErrorText.sentence(for: StorageError.damagedRecord(path: "/d/r.sqlite", reason: "unknown status 9"), words: .english)
            == "A report stored in /d/r.sqlite cannot be read (unknown status 9). Move the database aside (keep a copy) "
            + "and start again, or choose another file with --database FILE.")
    }
}

@Suite("Storage options before the command")
struct GlobalOptionsFirstTests {
    let commands: Set<String> = ["menu", "new", "open", "reports", "export", "sync"]

    @Test func aCommandAfterStorageOptionsMovesFirst() {
        #expect(GlobalOptionsFirst.reordered(["--database", "r.db", "reports", "--json"], commands: commands) == ["reports", "--database", "r.db", "--json"])
        #expect(GlobalOptionsFirst.reordered(["--database=r.db", "--allow-plain-http", "sync"], commands: commands) == ["sync", "--database=r.db", "--allow-plain-http"])
    }

    @Test func theListNamesEveryStorageOptionAndNoOther() throws {
        // Every `--name` the options' own help gives, so an option added there and not here fails.
        let help = StorageOptions.helpMessage(columns: 1_000)
        let named = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) }).subtracting(["--help"])
        #expect(named == GlobalOptionsFirst.valued.union(GlobalOptionsFirst.flags), "\(help)")
        for option in GlobalOptionsFirst.valued { #expect(throws: Never.self) { _ = try StorageOptions.parse([option, option == "--store" ? "sqlite" : "x"]) } }
        for flag in GlobalOptionsFirst.flags { #expect(throws: Never.self) { _ = try StorageOptions.parse([flag]) } }
    }

    @Test func anythingElseIsLeftForTheParser() {
        // Already first; a value that is a command's name; an unknown option; no command at all.
        for arguments in [["reports", "--database", "r.db"], ["--database", "reports"], ["--colour", "reports"], ["--database", "r.db"], []] {
            #expect(GlobalOptionsFirst.reordered(arguments, commands: commands) == arguments)
        }
    }
}
