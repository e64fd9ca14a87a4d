import Mustache
import ServerHTTP

/// The pages' Mustache templates and style sheets: the files in `Templates/`, compiled into the binary. Every
/// template is rendered with ``HTMLText`` escaping whatever `{{…}}` writes, set at the top of each template (partials
/// included), so no template can fall back to escaping by `Character`.
package enum PageTemplates {
    /// The content type's name in the templates' `CONTENT_TYPE` pragma.
    static let contentType = "SCALARHTML"

    private struct ScalarHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLText.escape(text) }
    }

    /// Every template, by its file's name without `.mustache` (`handler-claim`; partials are named so too).
    package static let library = library([
        ("handler-head", PackageResources.handler_head_mustache), ("handler-foot", PackageResources.handler_foot_mustache),
        ("handler-sign-in", PackageResources.handler_sign_in_mustache), ("handler-claims", PackageResources.handler_claims_mustache),
        ("handler-claim", PackageResources.handler_claim_mustache), ("handler-problem", PackageResources.handler_problem_mustache),
        ("statement-head", PackageResources.statement_head_mustache), ("statement-foot", PackageResources.statement_foot_mustache),
        ("statement-form", PackageResources.statement_form_mustache), ("statement-closed", PackageResources.statement_closed_mustache),
        ("statement-review", PackageResources.statement_review_mustache), ("statement-decided", PackageResources.statement_decided_mustache),
        ("outline-blocks", PackageResources.outline_blocks_mustache), ("signing-record", PackageResources.signing_record_mustache),
        ("crash-landing", PackageResources.crash_landing_mustache),
    ].map { ($0.0, text($0.1)) })

    package static let handlerStyleSheet = String(decoding: PackageResources.handler_css, as: UTF8.self)
    package static let statementStyleSheet = String(decoding: PackageResources.statement_css, as: UTF8.self)

    /// A file's text, less the line end every file closes with.
    private static func text(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Parses the named templates into one library. The templates are the program's own files: one that does not
    /// parse is a fault of the build, found by every test.
    package static func library(_ templates: [(name: String, text: String)]) -> MustacheLibrary {
        MustacheContentTypes.register(ScalarHTML(), named: contentType)
        var library = MustacheLibrary()
        for (name, text) in templates {
            do {
                try library.register("{{% CONTENT_TYPE: \(contentType) }}" + text, named: name)
            } catch {
                preconditionFailure("the \(name) template does not parse: \(error)")
            }
        }
        return library
    }
}

/// The paths the templates link to, from the one table (``HandlerPaths``, ``StatementPaths``): every page's view
/// holds one as `paths`, so a template writes `{{paths.claims}}`, never a path of its own.
package struct PageLinks: Sendable {
    package let claims = HandlerPaths.claims
    package let signIn = HandlerPaths.signIn
    package let signOut = HandlerPaths.signOut
    package let handlerStyleSheet = HandlerPaths.styleSheet
    package let statementStyleSheet = StatementPaths.styleSheet

    package init() {}
}
