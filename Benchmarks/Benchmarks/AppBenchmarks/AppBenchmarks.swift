import Benchmark
import Foundation

/// The line-mode app's responsiveness with 10,000 reports stored (SQLite, the default store).
/// Goals: from start to the first screen under 30 ms (median); every action answered under 10 ms.
///
/// Start: the release `crash-assistant` launched as a process, timed until its first screen's last line
/// ("q  Quit") has been read, and until it has ended after `q`.
/// Actions: the real view models over the real store, wired as the app wires them; each action is what one typed
/// line does. What brings the app to the action's screen is done before the measurement starts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10))

    // MARK: - Start

    let launch = Benchmark.Configuration(
        maxIterations: 200,
        setup: { _ = try launchFixture.get() },
        teardown: { removeLaunchFixture() }
    )

    Benchmark("Start to first screen (process, 10,000 reports)", configuration: launch) { benchmark in
        let fixture = try launchFixture.get()
        try AppLaunch.run(binary: fixture.binary, arguments: fixture.arguments, environment: fixture.environment,
                          input: "q\n", marker: firstScreenMarker) { benchmark.stopMeasurement() }
    }

    Benchmark("Start, q, exit (process, 10,000 reports)", configuration: launch) { benchmark in
        let fixture = try launchFixture.get()
        try AppLaunch.run(binary: fixture.binary, arguments: fixture.arguments, environment: fixture.environment,
                          input: "q\n", marker: firstScreenMarker) {}
    }

    Benchmark("Start, View crash reports (first page of 10,000), b, q, exit (process)", configuration: launch) { benchmark in
        let fixture = try launchFixture.get()
        try AppLaunch.run(binary: fixture.binary, arguments: fixture.arguments, environment: fixture.environment,
                          input: "2\nb\nq\n", marker: "Back to Assistance") {}
    }

    // MARK: - Actions

    let actions = Benchmark.Configuration(
        maxIterations: 200,
        setup: { try await AppDriver.start() },
        teardown: { await AppDriver.stop() }
    )
    // Each iteration writes a new photo of about 4 MB; fewer keep the temporary folder small.
    let photos = Benchmark.Configuration(
        maxIterations: 40,
        setup: { try await AppDriver.start() },
        teardown: { await AppDriver.stop() }
    )

    Benchmark("Crash Assistant: start a new report", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        benchmark.startMeasurement()
        try await driver.startReport()
    }

    Benchmark("View crash reports: first page of 10,000", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        benchmark.startMeasurement()
        try await driver.viewReports()
    }

    Benchmark("View crash reports: next page", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        try await driver.viewReports()
        benchmark.startMeasurement()
        try await driver.nextPage()
    }

    Benchmark("View crash reports: open a draft (resume)", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        let row = try await driver.prepareResume()
        benchmark.startMeasurement()
        await driver.resume(row: row)
        benchmark.stopMeasurement()
        try await driver.checkResumed()
    }

    Benchmark("Who was injured?: toggle an injury", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        if await driver.injuryPage == nil { try await driver.prepareInjuries() }
        benchmark.startMeasurement()
        await driver.toggleInjury()
        benchmark.stopMeasurement()
        try await driver.checkInjuries()
    }

    Benchmark("Other driver's info: add a 4 MB camera photo", configuration: photos) { benchmark in
        let driver = try await AppDriver.driver()
        let path = try await driver.preparePhotoFile(large: true)
        benchmark.startMeasurement()
        await driver.addPhoto(path: path)
        benchmark.stopMeasurement()
        try await driver.checkPhotoAdded(path: path)
    }

    Benchmark("Other driver's info: add a small photo", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        let path = try await driver.preparePhotoFile(large: false)
        benchmark.startMeasurement()
        await driver.addPhoto(path: path)
        benchmark.stopMeasurement()
        try await driver.checkPhotoAdded(path: path)
    }

    Benchmark("Other driver's info: remove a 4 MB photo", configuration: photos) { benchmark in
        let driver = try await AppDriver.driver()
        try await driver.preparePhotoToRemove()
        benchmark.startMeasurement()
        await driver.removePhoto()
        benchmark.stopMeasurement()
        try await driver.checkPhotoRemoved()
    }

    Benchmark("Other driver's info: set the note", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        if await driver.photoPage == nil { try await driver.prepareOtherDriverPage() }
        let number = Int.random(in: 0..<1_000_000)
        benchmark.startMeasurement()
        await driver.setNote(number: number)
        benchmark.stopMeasurement()
        try await driver.checkPage()
    }

    Benchmark("Collect Crash Info: set when and where", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        if await driver.assistant == nil { try await driver.startReport() }
        let number = Int.random(in: 0..<1_000_000)
        benchmark.startMeasurement()
        await driver.setWhenAndWhere(number: number)
        benchmark.stopMeasurement()
        try await driver.checkAssistant()
    }

    Benchmark("Close: save as draft", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        try await driver.prepareSaveDraft()
        benchmark.startMeasurement()
        await driver.saveDraft()
        benchmark.stopMeasurement()
        try await driver.checkSaved()
    }

    Benchmark("Collect Crash Info: create the report (PDF with 3 photos of 4 MB, archived)", configuration: photos) { benchmark in
        let driver = try await AppDriver.driver()
        try await driver.prepareCreate()
        benchmark.startMeasurement()
        await driver.create()
        benchmark.stopMeasurement()
        try await driver.checkCreated()
    }

    Benchmark("Crash report: view it", configuration: actions) { benchmark in
        let driver = try await AppDriver.driver()
        try await driver.prepareCrashReport()
        benchmark.startMeasurement()
        await driver.viewReport()
        benchmark.stopMeasurement()
        try await driver.checkViewed()
    }

    Benchmark("Crash report: share it to a file (PDF with 3 photos of 4 MB)", configuration: photos) { benchmark in
        let driver = try await AppDriver.driver()
        let path = try await driver.prepareShare(number: Int.random(in: 0..<1_000_000_000))
        benchmark.startMeasurement()
        await driver.share(to: path)
        benchmark.stopMeasurement()
        try await driver.checkShared(path: path)
    }
}

/// The first screen's last line.
let firstScreenMarker = "q  Quit"

/// The launch fixture of the current benchmark process (each benchmark runs in a process of its own).
let launchFixture = Result { try LaunchFixture() }

func removeLaunchFixture() {
    if case let .success(fixture) = launchFixture { ReportDatabaseTemplate.remove(copy: fixture.databaseFile) }
}
