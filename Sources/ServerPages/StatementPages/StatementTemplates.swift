import Mustache

/// The other driver's pages as Mustache templates: mobile first, no script, every value escaped by `{{…}}`.
package enum StatementTemplates {
    package static let library = PageTemplates.library([("head", head), ("foot", foot), ("form", form), ("closed", closed)])

    package static let head = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>{{title}} — Crash Assistant</title>
        <link rel="stylesheet" href="/s/style.css">
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        <main id="main">

        """

    package static let foot = """

        </main>
        </body>
        </html>

        """

    package static let form = """
        {{> head}}
        <h1>{{title}}</h1>
        <p class="crash">{{crash}}</p>
        <p>You are the other driver. Fill in your own details, as on your documents, and send them: they become your part
        (vehicle B) of the European Accident Statement in the other driver's crash report. Leave out what you do not know.
        The link takes one answer.</p>
        {{#notice}}<p class="error" role="alert">{{.}}</p>{{/notice}}
        {{#errorCount}}<p class="error" role="alert">{{.}}</p>{{/errorCount}}
        <form method="post" action="{{action}}" novalidate>
        <input type="hidden" name="csrf" value="{{csrf}}">
        {{#sections}}
        <fieldset>
        <legend>{{legend}}</legend>
        {{#fields}}
        <div class="field">
        {{#isYesNo}}
        <fieldset class="choice"{{#error}} aria-describedby="{{name}}-error"{{/error}}>
        <legend>{{label}}</legend>
        <label class="option"><input type="radio" name="{{name}}" value="yes"{{#yes}} checked{{/yes}}> Yes</label>
        <label class="option"><input type="radio" name="{{name}}" value="no"{{#no}} checked{{/no}}> No</label>
        <label class="option"><input type="radio" name="{{name}}" value=""{{^yes}}{{^no}} checked{{/no}}{{/yes}}> Not known</label>
        </fieldset>
        {{/isYesNo}}
        {{^isYesNo}}
        <label for="{{name}}">{{label}}</label>
        {{#hint}}<p class="hint" id="{{name}}-hint">{{.}}</p>{{/hint}}
        {{#isTextArea}}<textarea id="{{name}}" name="{{name}}" rows="3"{{#error}} aria-invalid="true" aria-describedby="{{name}}-error"{{/error}}>{{value}}</textarea>{{/isTextArea}}
        {{^isTextArea}}<input id="{{name}}" name="{{name}}" type="{{type}}" value="{{value}}"{{#autocomplete}} autocomplete="{{.}}"{{/autocomplete}}{{#error}} aria-invalid="true" aria-describedby="{{name}}-error"{{/error}}{{^error}}{{#hint}} aria-describedby="{{name}}-hint"{{/hint}}{{/error}}>{{/isTextArea}}
        {{/isYesNo}}
        {{#error}}<p class="error" id="{{name}}-error">{{.}}</p>{{/error}}
        </div>
        {{/fields}}
        </fieldset>
        {{/sections}}
        {{#impact}}
        <fieldset{{#error}} aria-describedby="impact-error"{{/error}}>
        <legend>{{legend}}</legend>
        {{#options}}<label class="option" for="{{id}}"><input type="radio" id="{{id}}" name="{{name}}" value="{{value}}"{{#checked}} checked{{/checked}}> {{label}}</label>{{/options}}
        <label class="option" for="impact-none"><input type="radio" id="impact-none" name="{{name}}" value=""> Not known</label>
        {{#error}}<p class="error" id="impact-error">{{.}}</p>{{/error}}
        </fieldset>
        {{/impact}}
        <fieldset>
        <legend>Circumstances: tick each that applied to your vehicle</legend>
        {{#boxes}}<label class="option box" for="{{name}}"><input type="checkbox" id="{{name}}" name="{{name}}" value="1"{{#checked}} checked{{/checked}}> <span class="number">{{number}}</span> {{wording}}</label>{{/boxes}}
        </fieldset>
        {{#remarks}}
        <div class="field">
        <label for="{{name}}">{{label}}</label>
        {{#hint}}<p class="hint" id="{{name}}-hint">{{.}}</p>{{/hint}}
        <textarea id="{{name}}" name="{{name}}" rows="4"{{#error}} aria-invalid="true" aria-describedby="{{name}}-error"{{/error}}>{{value}}</textarea>
        {{#error}}<p class="error" id="{{name}}-error">{{.}}</p>{{/error}}
        </div>
        {{/remarks}}
        <button type="submit">Send my part</button>
        </form>
        {{> foot}}
        """

    package static let closed = """
        {{> head}}
        <h1>{{heading}}</h1>
        {{#crash}}<p class="crash">{{.}}</p>{{/crash}}
        <p role="status">{{detail}}</p>
        {{> foot}}
        """

    package static let styleSheet = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #595959; --accent: #0b5cad; --alert: #a4000f; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 1.0625rem/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; }
        main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.5rem; line-height: 1.25; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; z-index: 1; }
        .crash { font-weight: 600; }
        fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
        fieldset.choice { border: 0; padding: 0; margin: .75rem 0 0; }
        legend { font-weight: 700; padding: 0 .25rem; }
        label { display: block; margin-top: .75rem; font-weight: 600; }
        label.option { display: flex; align-items: center; gap: .6rem; font-weight: 400; min-height: 2.75rem; margin-top: .25rem; }
        label.option input { width: 1.5rem; height: 1.5rem; flex: none; }
        .box .number { font-weight: 700; min-width: 1.5rem; }
        .hint { margin: .1rem 0 .3rem; color: var(--muted); font-size: .95rem; }
        input[type=text], input[type=tel], input[type=email], input[type=date], textarea { display: block; font: inherit; width: 100%; padding: .6rem; min-height: 2.75rem; border: 1px solid #767676; border-radius: 4px; }
        [aria-invalid=true] { border: 2px solid var(--alert); }
        .error { color: var(--alert); font-weight: 600; margin: .3rem 0 0; }
        a:focus, button:focus, input:focus, textarea:focus { outline: 3px solid #f2a900; outline-offset: 2px; }
        button { font: inherit; width: 100%; padding: .8rem 1rem; min-height: 3rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 6px; cursor: pointer; margin-top: 1rem; }

        """
}
