import Domain
import Foundation
import HTTPTypes
import Hummingbird
import ServerCore
import ServerHTTP

/// What every page does the same way: HTML from a template, a redirect, a cookie, a form read into its type, a secret
/// compared, a fresh CSRF value.
package enum PageKit {
    /// Every page's headers (``PageHeadersMiddleware`` sets them): a strict content policy (nothing but this server's
    /// style sheet and images), no framing, no referrer, nothing kept in a browser's cache.
    package static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        .cacheControl: "no-store",
    ]

    /// The named template rendered with `view` (which holds `paths`, ``PageLinks``).
    package static func html(_ view: Any, template: String, status: HTTPResponse.Status) -> Response {
        let text = PageTemplates.library.render(view, withTemplate: template) ?? ""
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    package static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// A style sheet, kept by browsers for an hour.
    package static func styleSheet(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// A cookie only this server's pages under `path` see, never a script: `HttpOnly`, `SameSite=Strict`, and
    /// `Secure` when the server's public address is https. An empty value with `maxAge` 0 removes it.
    package static func cookie(_ name: String, _ value: String, path: String, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: path, secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The named cookie's value, when the request sends one of at most `maximumLength` bytes.
    package static func cookie(_ name: String, in request: Request, maximumLength: Int = 128) -> String? {
        guard let value = request.cookies[name]?.value, !value.isEmpty, value.utf8.count <= maximumLength else { return nil }
        return value
    }

    /// Why a posted form was not read.
    package enum FormError: Error {
        /// Larger than the form's bound.
        case tooLarge
        /// Not `application/x-www-form-urlencoded` as a browser writes it (a broken escape, a name given twice).
        case unreadable
    }

    /// The request's form, at most `limit` bytes, decoded into its type with Hummingbird's form decoder.
    package static func form<Form: Decodable>(_ type: Form.Type, from request: Request, upTo limit: Int) async throws(FormError) -> Form {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw .tooLarge
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: buffer))
        } catch {
            throw .unreadable
        }
    }

    /// 32 random bytes as hexadecimal: a CSRF value.
    package static func randomValue() -> String {
        var generator = SystemRandomNumberGenerator()
        return lowercaseHex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Compares two secrets in time that does not depend on where they differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Sets ``PageKit/securityHeaders`` on every answer of a group of pages, whatever made it (a page, a redirect, a
/// claim's photo or PDF, a refusal): nothing a page shows is kept in a browser's cache on a shared computer. A style
/// sheet keeps its own caching; a PDF is drawn by the browser's viewer, which a content policy would stop.
package struct PageHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let type = response.headers[.contentType] ?? ""
        for field in PageKit.securityHeaders {
            if field.name == .cacheControl, type.hasPrefix("text/css") { continue }
            if field.name == .contentSecurityPolicy, type.hasPrefix("application/pdf") { continue }
            response.headers[field.name] = field.value
        }
        return response
    }
}
