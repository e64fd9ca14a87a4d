import Foundation
import Testing
import TestSupport

/// The app judges typed phone numbers with libphonenumber (its start installs the judge, the shared object beside it).
@Suite("The app judges phone numbers with libphonenumber", .ownThreads)
struct PhoneNumberJudgeTests {
    @Test("A number no plan has is refused; one written as at home is read in the country of registration")
    func typedNumbers() throws {
        let directory = TemporaryDirectory("app-phones")
        // The driver's own details (3 on the Assistance menu): country of registration D, then a German mobile number
        // as written at home; then a number of a plan not in use.
        let run = try AppProcess.run(
            ["3", "7 3", "D", "0151 2345 6789", "3", "+44 7700 900123", ".", "d", "q"],
            arguments: ["--store", "memory"], in: directory.url
        )
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Policyholder's phone: +4915123456789"), "\(run.output)")
        #expect(run.output.contains("Country of registration: DE (D)"), "\(run.output)")
        #expect(run.output.contains("Not kept: No phone number in use looks like this one"), "\(run.output)")
    }
}
