import Mustache
import ServerCore

/// The claims handlers' pages as Mustache templates: HTML rendered on the server, no script. Every value is
/// written with `{{…}}`, which escapes `& < > " '` by Unicode scalar (``HTMLText``), so text from a report is shown as
/// text, never read as markup.
package enum HandlerTemplates {
    /// The templates, parsed once.
    package static let library = PageTemplates.library([("head", head), ("foot", foot), ("sign-in", signIn), ("claims", claims), ("claim", claim), ("problem", problem)])

    package static let head = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} — Crash Assistant claims</title>
        <link rel="stylesheet" href="/handler/style.css">
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="top">
        <p class="brand"><a href="/handler/claims">Crash Assistant claims</a></p>
        {{#handler}}
        <form class="signout" method="post" action="/handler/sign-out">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <span>Signed in as {{handler}}</span>
        <button type="submit">Sign out</button>
        </form>
        {{/handler}}
        </header>
        <main id="main">

        """

    package static let foot = """

        </main>
        </body>
        </html>

        """

    package static let signIn = """
        {{> head}}
        <h1>Sign in</h1>
        <p>Sign in with the handler token the server's operator gave you (<code>crash-assistant-server handler add NAME</code>).</p>
        {{#error}}<p class="error" role="alert" id="sign-in-error">{{error}}</p>{{/error}}
        <form method="post" action="/handler/sign-in">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="token">Handler token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required autofocus{{#error}} aria-describedby="sign-in-error" aria-invalid="true"{{/error}}>
        <button type="submit">Sign in</button>
        </form>
        {{> foot}}
        """

    package static let claims = """
        {{> head}}
        <h1>Submitted reports</h1>
        <nav aria-label="Which reports">
        <ul class="filters">
        {{#filters}}<li>{{#current}}<strong aria-current="page">{{name}}</strong>{{/current}}{{^current}}<a href="{{href}}">{{name}}</a>{{/current}}</li>{{/filters}}
        </ul>
        </nav>
        {{^rows}}<p>No submitted reports here yet.</p>{{/rows}}
        {{#hasRows}}
        <table>
        <caption>{{caption}}</caption>
        <thead><tr><th scope="col">Crash</th><th scope="col">When</th><th scope="col">Where</th><th scope="col">Injured</th><th scope="col">Driver</th><th scope="col">Submitted</th><th scope="col">Claim</th></tr></thead>
        <tbody>
        {{#rows}}
        <tr{{#injured}} class="injured"{{/injured}}>
        <th scope="row"><a href="{{href}}">{{crashID}}</a></th>
        <td>{{when}}</td>
        <td>{{place}}</td>
        <td>{{#injured}}<strong class="flag">Injured: {{injuries}}</strong>{{/injured}}{{^injured}}{{injuries}}{{/injured}}</td>
        <td>{{driver}}</td>
        <td>{{submitted}}</td>
        <td>{{#claimNumber}}{{.}}{{/claimNumber}}{{^claimNumber}}<span class="waiting">Waiting</span>{{/claimNumber}}</td>
        </tr>
        {{/rows}}
        </tbody>
        </table>
        {{/hasRows}}
        {{#next}}<p class="pager"><a href="{{.}}" rel="next">Older reports</a></p>{{/next}}
        {{> foot}}
        """

    package static let claim = """
        {{> head}}
        <p class="back"><a href="/handler/claims">All submitted reports</a></p>
        <h1>Crash {{crashID}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        <dl class="facts">
        <dt>Driver</dt><dd>{{driver}}</dd>
        <dt>Submitted</dt><dd>{{submitted}}</dd>
        {{#injured}}<dt>Injured</dt><dd><strong class="flag">{{injuries}}</strong></dd>{{/injured}}
        {{#map}}<dt>Map</dt><dd><a href="{{href}}" rel="noopener noreferrer">The scene on OpenStreetMap ({{label}})</a></dd>{{/map}}
        <dt>Crash report</dt><dd><a href="{{pdf}}">The PDF the driver shares</a></dd>
        </dl>
        <section aria-labelledby="acknowledge-heading" class="acknowledge">
        <h2 id="acknowledge-heading">{{#acknowledged}}Acknowledged{{/acknowledged}}{{^acknowledged}}Acknowledge{{/acknowledged}}</h2>
        {{#acknowledged}}<p>Claim {{claimNumber}}, {{acknowledgedAt}} by {{acknowledgedBy}}. The driver's app shows it at its next sync; correct it below.</p>{{/acknowledged}}
        {{#error}}<p class="error" role="alert" id="acknowledge-error">{{error}}</p>{{/error}}
        <form method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="claimNumber">Claim number</label>
        <input id="claimNumber" name="claimNumber" value="{{claimNumberField}}" maxlength="40" required{{#error}} aria-describedby="acknowledge-error"{{/error}}>
        <label for="message">Message to the driver (optional)</label>
        <textarea id="message" name="message" rows="3" maxlength="500">{{messageField}}</textarea>
        <button type="submit">{{#acknowledged}}Update the acknowledgement{{/acknowledged}}{{^acknowledged}}Acknowledge with this claim number{{/acknowledged}}</button>
        </form>
        </section>
        <article class="report" aria-label="The crash report">
        {{#blocks}}{{#heading}}<h2>{{.}}</h2>{{/heading}}{{#subheading}}<h3>{{.}}</h3>{{/subheading}}{{#paragraph}}<p class="text">{{.}}</p>{{/paragraph}}{{#fieldList}}<dl class="fields">{{#fields}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/fields}}</dl>{{/fieldList}}{{#itemList}}<ul>{{#items}}<li>{{.}}</li>{{/items}}</ul>{{/itemList}}{{#photo}}<figure><a href="{{src}}"><img src="{{src}}" alt="{{label}}" width="{{width}}" height="{{height}}"></a><figcaption>{{caption}}</figcaption></figure>{{/photo}}{{#rule}}<hr>{{/rule}}{{#closing}}<p class="closing">{{.}}</p>{{/closing}}{{#table}}<table class="side-by-side"><thead><tr><th scope="col">{{label}}</th>{{#columns}}<th scope="col">{{.}}</th>{{/columns}}</tr></thead><tbody>{{#rows}}<tr><th scope="row">{{label}}</th>{{#values}}<td class="text">{{.}}</td>{{/values}}</tr>{{/rows}}</tbody></table>{{/table}}
        {{/blocks}}
        </article>
        {{> foot}}
        """

    package static let problem = """
        {{> head}}
        <h1>{{title}}</h1>
        <p role="alert">{{detail}}</p>
        <p><a href="{{back}}">{{backLabel}}</a></p>
        {{> foot}}
        """

    /// The pages' only style sheet (served from the same origin, as the security policy allows nothing else).
    package static let styleSheet = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #595959; --accent: #0b5cad; --alert: #a4000f; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; }
        main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 1; }
        .top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem; padding: .5rem 1rem; border-bottom: 1px solid #ccc; }
        .brand { margin: 0; font-weight: 600; }
        a { color: var(--accent); }
        a:focus, button:focus, input:focus, textarea:focus { outline: 3px solid #f2a900; outline-offset: 2px; }
        button { font: inherit; padding: .6rem 1rem; min-height: 2.75rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
        .signout button { background: #fff; color: var(--accent); }
        label { display: block; margin-top: 1rem; font-weight: 600; }
        input, textarea { display: block; font: inherit; width: 100%; max-width: 32rem; padding: .5rem; min-height: 2.75rem; border: 1px solid #767676; border-radius: 4px; }
        form button { margin-top: 1rem; }
        .signout button { margin-top: 0; }
        table { border-collapse: collapse; width: 100%; }
        caption { text-align: left; color: var(--muted); padding: .5rem 0; }
        th, td { text-align: left; vertical-align: top; padding: .5rem; border-bottom: 1px solid #ddd; }
        tr.injured { background: #fff0f0; }
        .flag { color: var(--alert); }
        .waiting { color: var(--muted); }
        .filters { list-style: none; display: flex; gap: 1rem; padding: 0; }
        .error { color: var(--alert); font-weight: 600; }
        .notice { background: #eef7ee; border-left: 4px solid #2e7d32; padding: .5rem 1rem; }
        dl.facts, dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
        dt { font-weight: 600; }
        dd { margin: 0; white-space: pre-wrap; }
        .text { white-space: pre-wrap; }
        figure { margin: 1rem 0; }
        img { max-width: 100%; height: auto; border: 1px solid #ccc; }
        .acknowledge { border: 1px solid #ccc; border-radius: 6px; padding: 1rem; margin: 1rem 0; }

        """
}
