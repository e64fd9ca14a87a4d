import Domain
import Wording

/// "Other driver's info" and "Your info": photos per section, and the other driver's additional note.
@MainActor
public final class PhotoPageViewModel {
    // MARK: - Outputs

    public let state: Box<PhotoPageUiModel>
    public let route = Box(PageRoute.page)
    public let message = Box<UiMessage?>(nil)
    /// Told with the report as stored when the driver is done or discarded the page.
    public var didFinish: ((CrashReport) -> Void)?

    public let category: InfoCategory
    private var report: CrashReport
    private let photoFiles: any PhotoFileSource
    private let addImage: AddImage
    private let removeImage: RemoveImage
    private let setNote: SetNote
    private let dates: DateText
    private let makeDiscardDialog: @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel

    /// The language the screen speaks.
    public let words: Words

    /// - Parameters:
    ///   - photoFiles: reads the photo files the driver names.
    ///   - dates: writes a photo's time when the page says why it is not used as the crash time as it is.
    ///   - makeDiscardDialog: the dialog Close opens (report, page, page title).
    public init(
        category: InfoCategory,
        report: CrashReport,
        photoFiles: any PhotoFileSource,
        addImage: AddImage,
        removeImage: RemoveImage,
        setNote: SetNote,
        dates: DateText,
        makeDiscardDialog: @escaping @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel,
        words: Words = .english
    ) {
        self.words = words
        self.category = category
        self.report = report
        self.photoFiles = photoFiles
        self.addImage = addImage
        self.removeImage = removeImage
        self.setNote = setNote
        self.dates = dates
        self.makeDiscardDialog = makeDiscardDialog
        state = Box(PhotoPageUiModel(category, of: report, words: words))
    }

    // MARK: - Inputs

    /// Reads the photo file at `path` and adds it to the section with this number.
    public func addPhoto(path: String, toSection number: Int) async {
        guard let section = section(number) else { return }
        do {
            let file = try await photoFiles.read(path: path)
            let stored = try await addImage.execute(reportID: report.id, section: section, bytes: file.bytes, fileName: file.fileName)
            update(stored)
            let added = stored.photos(in: section).last
            message.value = .info(addedText(file.fileName, to: section, photo: added))
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// That the photo was added, and what the driver should know about a crash-scene photo's time
    /// (``PhotoTimeCheck``): why one in the future is not the crash time, and that one long before the report is,
    /// but wants checking.
    private func addedText(_ fileName: String, to section: PhotoSection, photo: Photo?) -> String {
        let values = ["file": fileName, "section": ScreenWords(words).section(section)]
        guard let photo, photo.section == .crashScene, let takenAt = photo.takenAt,
              let check = photo.timeCheck(reportStartedAt: report.createdAt) else {
            return words("Added {file} to “{section}”.", values)
        }
        let time = ["time": dates.at(photo).dateTime(takenAt)]
        switch check {
        case .plausible:
            return words("Added {file} to “{section}”.", values)
        case .inFuture:
            return words(
                "Added {file} to “{section}”. Its time, {time}, is later than now (the camera's clock is wrong), so it is not used as the crash time. Set the time with w on Collect Crash Info.",
                values.merging(time) { $1 }
            )
        case let .longBeforeReport(days):
            // Said to be the crash time only when it is: an earlier photo's time, or the driver's, stays.
            let effective = report.effectiveScene
            guard case let .photo(used) = effective.timeSource, used.id == photo.id else {
                let crashTime = ["crashTime": dates.at(effective.scene).dateTime(effective.scene.occurredAt)]
                return words.plural(
                    "Added {file} to “{section}”. Its time, {time}, is {count} day before the report was started; it is not used as the crash time, which stays {crashTime}.",
                    "Added {file} to “{section}”. Its time, {time}, is {count} days before the report was started; it is not used as the crash time, which stays {crashTime}.",
                    count: days, values.merging(time) { $1 }.merging(crashTime) { $1 }
                )
            }
            return words.plural(
                "Added {file} to “{section}”. Its time, {time}, is {count} day before the report was started; it is used as the crash time, so check it, and correct it with w on Collect Crash Info if the camera's clock was wrong.",
                "Added {file} to “{section}”. Its time, {time}, is {count} days before the report was started; it is used as the crash time, so check it, and correct it with w on Collect Crash Info if the camera's clock was wrong.",
                count: days, values.merging(time) { $1 }
            )
        }
    }

    /// Removes photo `photoNumber` (as listed, from 1) of the section with this number.
    public func removePhoto(section number: Int, photoNumber: Int) async {
        guard let section = section(number) else { return }
        let photos = report.photos(in: section)
        let name = ScreenWords(words).section(section)
        guard photos.indices.contains(photoNumber - 1) else {
            let values = ["section": name, "number": String(photoNumber)]
            message.value = .error(
                photos.isEmpty ? words("“{section}” has no photo {number}: it has no photos.", values)
                    : photos.count == 1 ? words("“{section}” has no photo {number}: it has only photo 1.", values)
                    : words("“{section}” has no photo {number}: choose 1 to {last}.", values.merging(["last": String(photos.count)]) { $1 })
            )
            return
        }
        let photo = photos[photoNumber - 1]
        do {
            update(try await removeImage.execute(reportID: report.id, photoID: photo.id))
            message.value = .info(words("Removed {file} from “{section}”.", ["file": photo.originalFileName, "section": name]))
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// A new note (or the clearing of the note) waiting for the driver to say yes: a note already there is never
    /// replaced or cleared without asking.
    public private(set) var pendingNote: String?

    /// The report the page is about.
    public var reportID: ReportID { report.id }

    /// Sets the additional note; an empty text clears it. Only the other driver's page has a note. When the page
    /// already has a note, asks first (``pendingNote``; ``confirmNote(_:)`` answers).
    public func setNote(_ text: String) async {
        guard category == .otherDriver else {
            message.value = .error(words(
                "This page has no note. The additional note is on {page}.", ["page": ScreenWords(words).category(.otherDriver)]
            ))
            return
        }
        pendingNote = nil
        // Refused text is told now, not after asking.
        var trial = report
        do {
            try trial.setNote(text)
        } catch {
            message.value = .error(error, words: words)
            return
        }
        if trial.otherDriverNote == report.otherDriverNote {
            message.value = .info(report.hasNote
                ? words("The note already says that.")
                : words("There is no note to clear. Type note and the text to add one."))
            return
        }
        guard report.hasNote else { return await saveNote(text) }
        pendingNote = text
        let old = LineText.echo(report.otherDriverNote, words: words)
        // Two long notes are shown where they differ, so the change can be seen.
        let shown = LineText.echo(report.otherDriverNote, replacedBy: trial.otherDriverNote, words: words)
        message.value = .info(trial.hasNote
            ? words("Replace the note {old} with {new}? Type y to replace it, n to keep it.", ["old": shown.old, "new": shown.new])
            : words("Clear the note {old}? Type y to clear it, n to keep it.", ["old": old]))
    }

    /// The driver's answer to replacing or clearing the note.
    public func confirmNote(_ yes: Bool) async {
        guard let text = pendingNote else { return }
        pendingNote = nil
        if yes {
            await saveNote(text)
        } else {
            message.value = .info(words("The note was kept as it was."))
        }
    }

    private func saveNote(_ text: String) async {
        do {
            // Stored only over the note the driver was shown: one set meanwhile in another window is asked about.
            update(try await setNote.execute(reportID: report.id, note: text, shown: report.otherDriverNote))
            message.value = .info(report.hasNote ? words("Note saved.") : words("Note cleared."))
        } catch let changed as ChangedSinceShown {
            update(changed.current)
            message.value = .info(words("This report was changed in another window; the screen shows it as it is now."))
            await setNote(text)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    public func done() {
        didFinish?(report)
    }

    /// Shows the report as another program stored it. A note waiting for the driver's yes is asked about again
    /// against the note stored now (which the other program may have set or changed).
    public func showStored(_ stored: CrashReport) async {
        update(stored)
        if let text = pendingNote { await setNote(text) }
    }

    public func close() {
        DiscardPageViewModel.open(makeDiscardDialog(report, category, state.value.title), on: route) { [weak self] report in
            self?.update(report)
            self?.didFinish?(report)
        }
    }

    // MARK: - Helpers

    private func section(_ number: Int) -> PhotoSection? {
        let sections = category.photoSections
        guard sections.indices.contains(number - 1) else {
            message.value = .error(words(
                "There is no section {number} here. Choose a section from 1 to {last}.",
                ["number": String(number), "last": String(sections.count)]
            ))
            return nil
        }
        return sections[number - 1]
    }

    private func update(_ newReport: CrashReport) {
        report = newReport
        state.value = PhotoPageUiModel(category, of: newReport, words: words)
    }
}
