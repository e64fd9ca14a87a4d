import ArgumentParser
import Domain
import Wording
import Foundation
import Logging
import ServerApp
import ServerCore
import ServerHTTP
import ServerPostgres

/// The kinds of account the `user`, `detector` and `handler` commands add.
protocol AccountKindCommand: Sendable {
    static var kind: Account.Kind { get }
    static var abstract: String { get }
    /// Commands only this kind of account has.
    static var ownCommands: [any ParsableCommand.Type] { get }
}

enum UserKind: AccountKindCommand {
    static let kind = Account.Kind.user
    static let abstract = "Users: drivers, who own reports and photos."
    static var ownCommands: [any ParsableCommand.Type] { [SetPhoneCommand.self, SetLanguageCommand.self, SetReferenceCommand.self, EraseUserCommand.self] }
}

enum DetectorKind: AccountKindCommand {
    static let kind = Account.Kind.detector
    static let abstract = "Detectors: the crash-detection side, which posts crash events."
    static var ownCommands: [any ParsableCommand.Type] { [] }
}

enum HandlerKind: AccountKindCommand {
    static let kind = Account.Kind.handler
    static let abstract = "Claims handlers: the insurer's, who read every driver's submitted reports and acknowledge them with a claim number."
    static var ownCommands: [any ParsableCommand.Type] { [] }
}

/// `user …`, `detector …` and `handler …`.
struct AccountCommand<Kind: AccountKindCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Kind.kind.rawValue, abstract: Kind.abstract,
            subcommands: [AddAccountCommand<Kind>.self, RotateTokenCommand<Kind>.self, RevokeTokenCommand<Kind>.self] + Kind.ownCommands
        )
    }
}

/// `user add NAME` / `detector add NAME`: makes the account and prints its new token alone on standard output.
/// Only the token's SHA-256 is kept, so it cannot be shown again.
struct AddAccountCommand<Kind: AccountKindCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: "Adds a \(Kind.kind.rawValue) and prints its token.")
    }

    @Argument(help: "The name (1–100 characters; crash events name users by it).")
    var name: String

    @Option(help: ArgumentHelp("A user's mobile number, with + and the country code (e.g. +36301234567), or as written at home with --country: crash SMS go to it.", valueName: "NUMBER"))
    var phone: String?

    @OptionGroup var country: PhoneCountryOption

    @Option(help: ArgumentHelp(
        "A user's language, for their crash SMS and the documents of reports that do not say theirs: \(Languages.shipped.codes.joined(separator: ", ")) (default: English).",
        valueName: "CODE"
    ))
    var language: String?

    @OptionGroup var references: ReferenceOptions

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        if references.customer != nil || references.policy != nil {
            guard Kind.kind == .user else { throw ValidationError("Only users have the insurer's references; leave out --customer and --policy.") }
            _ = try references.parsed()
        }
        if let language {
            guard Kind.kind == .user else { throw ValidationError("Only users have a language; leave out --language.") }
            _ = try LanguageOption.parse(language)
        }
        if let phone {
            guard Kind.kind == .user else { throw ValidationError("Only users have a phone number; leave out --phone.") }
            _ = try PhoneOption.parse(phone, country: try country.region())
        } else if country.text != nil {
            throw ValidationError("--country reads a --phone number written as at home; give it with --phone.")
        }
        let limit = TextLimit.accountName
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == name else {
            throw ValidationError("The name must be 1–\(limit.characters) characters without spaces around it.")
        }
        switch limit.problem(with: name) {
        case let .controlCharacter(code)?:
            throw ValidationError("The name holds the control character \(ProblemText.codePoint(code)); give it as plain text on one line.")
        case .characters?, .bytes?:
            throw ValidationError("The name must be 1–\(limit.characters) characters (at most \(limit.bytes) bytes).")
        case nil: break
        }
    }

    func run() async throws {
        let folder = data.resolved
        let location = try database.location()
        let environment: ServerEnvironment
        do {
            environment = try await ServerEnvironment.open(dataFolder: folder, database: location, logger: Logger(label: "crash-assistant-server"))
        } catch let error as PostgresOpenError {
            throw DatabaseOption.exit(for: error, location: location)
        } catch {
            throw ServerCommandFailure.message("Cannot open the data folder \(folder): \(ProblemText.sentence(for: error))")
        }
        let token = AccessToken.generate()
        let region = try country.region()
        let number = try phone.map { try PhoneOption.parse($0, country: region) }
        let tag = try language.map(LanguageOption.parse)
        do {
            _ = try await environment.whileRunning {
                // A customer reference another user has is refused before the account is added, not after.
                if let customer = try references.parsed().customer, !(try await environment.store.users(.customer(customer), limit: 1)).isEmpty {
                    throw ServerStoreError.customerReferenceTaken(customer)
                }
                _ = try await environment.store.addAccount(
                    name: name, kind: Kind.kind, tokenDigest: TokenDigest(token: token), phone: number, at: Date()
                )
                if let tag { _ = try await environment.store.setLanguage(tag, forUserNamed: name) }
                let given = try references.parsed()
                if given.customer != nil || given.policy != nil {
                    _ = try await environment.store.setReferences(InsurerReferences(customer: given.customer, policy: given.policy), forUserNamed: name)
                }
            }
        } catch ServerStoreError.nameTaken {
            throw ServerCommandFailure.exit(
                "A \(Kind.kind.rawValue) named “\(name)” exists already. Choose another name.", status: ServerCommandFailure.usageStatus
            )
        } catch let ServerStoreError.customerReferenceTaken(reference) {
            throw ServerCommandFailure.exit(ReferenceOptions.taken(reference), status: ServerCommandFailure.usageStatus)
        }
        environment.close()
        let texted = switch (Kind.kind, number) {
        case (.user, let number?): "Crash SMS go to \(number).\n"
        case (.user, nil): "It has no phone number, so crash events send it no SMS; give one with `user set-phone \(name) +…`.\n"
        default: ""
        }
        FileHandle.standardError.write(Data((
            "Added \(Kind.kind.rawValue) “\(name)” in \(location.map { "\($0)" } ?? folder). Its token is below; it is shown only this once.\n"
            + texted + "Send it as: Authorization: Bearer <token>\n"
        ).utf8))
        print(token)
    }
}

/// `user rotate NAME` / `detector rotate NAME`: gives the account a new token, printed alone on standard output; the
/// old one is refused at once on this instance and within seconds on every other.
struct RotateTokenCommand<Kind: AccountKindCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rotate", abstract: "Gives a \(Kind.kind.rawValue) a new token (printed) and refuses the old one.")
    }

    @Argument(help: "The name the account was added with.")
    var name: String

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let token = AccessToken.generate()
        try await AccountTokens.replace(name: name, kind: Kind.kind, with: TokenDigest(token: token), data: data, database: database)
        FileHandle.standardError.write(Data((
            "Gave \(Kind.kind.rawValue) “\(name)” a new token; the old one is refused from now on. The new token is below; it is shown only this once.\n"
        ).utf8))
        print(token)
    }
}

/// `user revoke NAME` / `detector revoke NAME`: no token opens the account any more (until it is given a new one
/// with `rotate`); refused at once on this instance and within seconds on every other.
struct RevokeTokenCommand<Kind: AccountKindCommand>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "revoke", abstract: "Refuses the \(Kind.kind.rawValue)'s token from now on.")
    }

    @Argument(help: "The name the account was added with.")
    var name: String

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        try await AccountTokens.replace(name: name, kind: Kind.kind, with: nil, data: data, database: database)
        FileHandle.standardError.write(Data((
            "Revoked the token of \(Kind.kind.rawValue) “\(name)”. Give it a new one with `\(Kind.kind.rawValue) rotate \(name)`.\n"
        ).utf8))
    }
}

/// `user erase NAME`: a data-protection request — removes everything of one person on every backend the options
/// name: reports and PDFs, photos (their bytes unless another user holds the same), uploads under way, crash IDs and
/// events, the SMS kept in this instance's outbox folder, and the account with its token.
struct EraseUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase", abstract: "Removes everything of one user (a data-protection request): reports, photos, PDFs, uploads, crash records, SMS, the token."
    )

    @Argument(help: "The name the user was added with.")
    var name: String

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    @OptionGroup var blobs: BlobURLOption

    func run() async throws {
        let folder = data.resolved
        let location = try database.location()
        let bucket = try blobs.bucket()
        if let bucket { try await BlobURLOption.check(bucket) }
        let logger = Logger(label: "crash-assistant-server")
        let environment: ServerEnvironment
        let services: ServerServices
        do {
            environment = try await ServerEnvironment.open(dataFolder: folder, database: location, bucket: bucket, logger: logger)
            services = try environment.services(publicURL: "http://127.0.0.1", logger: logger)
        } catch let error as PostgresOpenError {
            throw DatabaseOption.exit(for: error, location: location)
        } catch {
            throw ServerCommandFailure.message("Cannot open the data folder \(folder): \(ProblemText.sentence(for: error))")
        }
        let summary = try await environment.whileRunning { try await services.erasure.eraseUser(named: name) }
        environment.close()
        guard let summary else { throw ServerCommandFailure.message("There is no user named “\(name)”.") }
        FileHandle.standardError.write(Data((
            "Erased user “\(name)”: \(summary.reports) reports, \(summary.photoRecords) photos (\(summary.photoBlobs) files no other user holds), "
            + "\(summary.documents) PDFs, \(summary.uploads) unfinished uploads, \(summary.crashIDs) crash IDs with their events, "
            + "\(summary.messages) SMS in this instance's outbox, and the token.\n"
        ).utf8))
    }
}

/// `user set-phone NAME NUMBER` / `user set-phone NAME --none`: the number the user's crash SMS go to.
struct SetPhoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-phone", abstract: "Gives a user the mobile number their crash SMS go to (or, with --none, no number: no SMS)."
    )

    @Argument(help: "The name the user was added with.")
    var name: String

    @Argument(help: ArgumentHelp("The number, with + and the country code (e.g. +36301234567), or as written at home with --country.", valueName: "NUMBER"))
    var phone: String?

    @OptionGroup var country: PhoneCountryOption

    @Flag(help: "Remove the user's number: crash events send them no SMS.")
    var none = false

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        switch (phone, none) {
        case (nil, false): throw ValidationError("Give the number (e.g. +36301234567), or --none to remove it.")
        case (_?, true): throw ValidationError("Give either a number or --none, not both.")
        case let (phone?, false): _ = try PhoneOption.parse(phone, country: try country.region())
        case (nil, true): break
        }
    }

    func run() async throws {
        let region = try country.region()
        let number = try phone.map { try PhoneOption.parse($0, country: region) }
        let environment = try await ServerEnvironment.forCommand(data: data, database: database)
        let (account, wasStopped) = try await environment.whileRunning {
            let account = try await environment.store.setPhone(number, forUserNamed: name)
            // A number set again gets SMS again, though it replied STOP before.
            guard account != nil, let number, let stopped = try await environment.store.smsStopped(number) else { return (account, nil as Date?) }
            try await environment.store.clearSMSStop(number)
            return (account, stopped)
        }
        environment.close()
        guard account != nil else {
            throw ServerCommandFailure.message("There is no user named “\(name)”. `user add \(name) --phone NUMBER` adds one.")
        }
        if let wasStopped {
            FileHandle.standardError.write(Data("The number had replied STOP at \(wasStopped.formatted(.iso8601)); it gets SMS again from now on.\n".utf8))
        }
        FileHandle.standardError.write(Data((number.map { "Crash SMS for “\(name)” go to \($0) from now on.\n" }
            ?? "User “\(name)” has no phone number now; crash events send them no SMS.\n").utf8))
    }
}

/// `user set-language NAME CODE` / `user set-language NAME --none`: the language of the user's crash SMS and of the
/// documents of reports that do not say their own.
struct SetLanguageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-language",
        abstract: "Gives a user the language their crash SMS and documents are written in (or, with --none, English)."
    )

    @Argument(help: "The name the user was added with.")
    var name: String

    @Argument(help: ArgumentHelp("The language's code: \(Languages.shipped.codes.joined(separator: ", ")).", valueName: "CODE"))
    var language: String?

    @Flag(help: "Remove the user's language: English.")
    var none = false

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        switch (language, none) {
        case (nil, false): throw ValidationError("Give the language's code (e.g. de), or --none to remove it.")
        case (_?, true): throw ValidationError("Give either a language or --none, not both.")
        case let (language?, false): _ = try LanguageOption.parse(language)
        case (nil, true): break
        }
    }

    func run() async throws {
        let tag = try language.map(LanguageOption.parse)
        let environment = try await ServerEnvironment.forCommand(data: data, database: database)
        let account = try await environment.whileRunning {
            try await environment.store.setLanguage(tag, forUserNamed: name)
        }
        environment.close()
        guard account != nil else {
            throw ServerCommandFailure.message("There is no user named “\(name)”. `user add \(name) --language CODE` adds one.")
        }
        FileHandle.standardError.write(Data((tag.map { "Crash SMS and documents for “\(name)” are written in \(Languages.shipped.words($0.rawValue).name) from now on.\n" }
            ?? "Crash SMS and documents for “\(name)” are written in English from now on.\n").utf8))
    }
}

/// `user set-reference NAME [--customer REF | --no-customer] [--policy REF | --no-policy]`: the insurer's references of a
/// user, which crash events may name the driver by and the notice of loss carries. What is not given stays as it is.
struct SetReferenceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-reference",
        abstract: "Gives a user the insurer's customer and policy references (crash events may name the driver by them)."
    )

    @Argument(help: "The name the user was added with.")
    var name: String

    @OptionGroup var references: ReferenceOptions

    @Flag(help: "Remove the user's customer reference.")
    var noCustomer = false

    @Flag(help: "Remove the user's policy reference.")
    var noPolicy = false

    @OptionGroup var data: DataOption

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard references.customer != nil || references.policy != nil || noCustomer || noPolicy else {
            throw ValidationError("Give --customer REF, --policy REF, --no-customer or --no-policy.")
        }
        if references.customer != nil && noCustomer { throw ValidationError("Give either --customer or --no-customer, not both.") }
        if references.policy != nil && noPolicy { throw ValidationError("Give either --policy or --no-policy, not both.") }
        _ = try references.parsed()
    }

    func run() async throws {
        let given = try references.parsed()
        let environment = try await ServerEnvironment.forCommand(data: data, database: database)
        let account: Account?
        do {
            account = try await environment.whileRunning { () async throws -> Account? in
                guard let user = try await environment.store.user(named: name) else { return nil }
                var references = user.references
                if noCustomer { references.customer = nil } else if let customer = given.customer { references.customer = customer }
                if noPolicy { references.policy = nil } else if let policy = given.policy { references.policy = policy }
                return try await environment.store.setReferences(references, forUserNamed: name)
            }
        } catch let ServerStoreError.customerReferenceTaken(reference) {
            environment.close()
            throw ServerCommandFailure.exit(ReferenceOptions.taken(reference), status: ServerCommandFailure.usageStatus)
        }
        environment.close()
        guard let account else {
            throw ServerCommandFailure.message("There is no user named “\(name)”. `user add \(name) --customer REF` adds one.")
        }
        FileHandle.standardError.write(Data((
            "User “\(name)”: customer reference \(account.references.customer.map { "“\($0)”" } ?? "none"), "
                + "policy reference \(account.references.policy.map { "“\($0)”" } ?? "none").\n"
        ).utf8))
    }
}

/// `--customer REF` and `--policy REF`: the insurer's references of a user.
struct ReferenceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The insurer's customer reference of the user (one user each).", valueName: "REF"))
    var customer: String?

    @Option(help: ArgumentHelp("The insurer's policy reference of the user (several users may share one).", valueName: "REF"))
    var policy: String?

    /// Each reference given, checked.
    func parsed() throws -> (customer: String?, policy: String?) {
        func check(_ text: String?, _ option: String) throws -> String? {
            guard let text else { return nil }
            switch InsurerReferences.checked(text) {
            case let .success(reference): return reference
            case .failure: throw ValidationError(
                "\(option) takes 1–\(InsurerReferences.maximumLength) letters, digits, spaces or - _ . / : # (“\(text.prefix(80))” is not one)."
            )
            }
        }
        return (try check(customer, "--customer"), try check(policy, "--policy"))
    }

    static func taken(_ reference: String) -> String {
        "Another user has the customer reference “\(reference)”; a customer reference names one user. Check the number, or remove it there first."
    }
}

/// A language the server speaks, as given to `--language` or `set-language`.
enum LanguageOption {
    static func parse(_ text: String) throws -> LanguageTag {
        let known = Languages.shipped.codes
        guard let tag = try? LanguageTag(parsing: text), known.contains(tag.rawValue) || known.contains(String(tag.rawValue.prefix { $0 != "_" })) else {
            throw ValidationError("“\(text)” is not a language this server speaks. Give one of: \(known.joined(separator: ", ")).")
        }
        return known.contains(tag.rawValue) ? tag : try LanguageTag(parsing: String(tag.rawValue.prefix { $0 != "_" }))
    }
}

/// `--country CODE`: the country a phone number written as at home is read in (`--phone "0151 2345 6789" --country DE`).
struct PhoneCountryOption: ParsableArguments {
    @Option(name: .customLong("country"), help: ArgumentHelp(
        "The country a --phone number without + is read in: its code or the sign on its plates (DE or D, HU or H).", valueName: "CODE"
    ))
    var text: String?

    func region() throws(ValidationError) -> String? {
        guard let text else { return nil }
        do {
            return try RegistrationCountry(parsing: text).code
        } catch {
            throw ValidationError("--country: \(FactText.english.clause(for: error)).")
        }
    }
}

/// A phone number given on the command line.
enum PhoneOption {
    static func parse(_ text: String, country: String? = nil) throws(ValidationError) -> PhoneNumber {
        let number: PhoneNumber
        do {
            number = try PhoneNumber(parsing: text, region: country)
        } catch {
            throw ValidationError("“\(text.prefix(40))” is not a mobile number: \(FactText.english.clause(for: error)).")
        }
        guard number.takesTextMessages else {
            throw ValidationError("\(number.e164) is not a mobile number (\(FactText.english.line(number.line))): crash SMS need a number that takes text messages.")
        }
        return number
    }
}

/// Replacing an account's token, for the `rotate` and `revoke` commands.
enum AccountTokens {
    static func replace(name: String, kind: Account.Kind, with digest: TokenDigest?, data: DataOption, database: DatabaseOption) async throws {
        let environment = try await ServerEnvironment.forCommand(data: data, database: database)
        let account = try await environment.whileRunning {
            try await environment.store.replaceToken(name: name, kind: kind, with: digest)
        }
        environment.close()
        guard account != nil else {
            throw ServerCommandFailure.message("There is no \(kind.rawValue) named “\(name)”. `\(kind.rawValue) add \(name)` adds one.")
        }
    }
}

extension ServerEnvironment {
    /// The data folder and database an administration command that writes names (created when missing), or the
    /// command's failure saying why not.
    static func forCommand(data: DataOption, database: DatabaseOption) async throws -> ServerEnvironment {
        let folder = data.resolved
        let location = try database.location()
        do {
            return try await ServerEnvironment.open(dataFolder: folder, database: location, logger: Logger(label: "crash-assistant-server"))
        } catch let error as PostgresOpenError {
            throw DatabaseOption.exit(for: error, location: location)
        } catch {
            throw ServerCommandFailure.message("Cannot open the data folder \(folder): \(ProblemText.sentence(for: error))")
        }
    }

    /// The database a command that only reads (`sms list`) names, or the command's failure saying why not. Nothing is
    /// created: a data folder no server has run with ends the command with status 66 (`EX_NOINPUT`).
    static func forReading(data: DataOption, database: DatabaseOption) async throws -> ServerEnvironment {
        let folder = data.resolved
        let location = try database.location()
        do {
            return try await ServerEnvironment.openForReading(dataFolder: folder, database: location, logger: Logger(label: "crash-assistant-server"))
        } catch is ServerEnvironment.NoServerData {
            throw ServerCommandFailure.exit(
                "No server has run with the data folder \(folder): it holds no server.sqlite3. Give the --data folder the "
                    + "server runs with, or its --database-url.",
                status: ServerCommandFailure.noInputStatus
            )
        } catch let error as PostgresOpenError {
            throw DatabaseOption.exit(for: error, location: location)
        } catch {
            throw ServerCommandFailure.message("Cannot open the data folder \(folder): \(ProblemText.sentence(for: error))")
        }
    }
}

/// A command that cannot go on: its sentence goes to standard error and the exit status is 1 (another status with
/// ``exit(_:status:)``).
enum ServerCommandFailure: Error, CustomStringConvertible {
    case message(String)

    var description: String {
        switch self {
        case let .message(text): text
        }
    }

    /// 64 (`EX_USAGE`): the command was given something it cannot take, such as a name that is taken.
    static let usageStatus: Int32 = 64
    /// 66 (`EX_NOINPUT`): what the command reads is not there.
    static let noInputStatus: Int32 = 66

    /// Writes the sentence as the command's error and gives the status to end with.
    static func exit(_ sentence: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(sentence)\n".utf8))
        return ExitCode(status)
    }
}
