#!/usr/bin/env python3
"""The product's message catalogs (gettext), kept in step with the sources.

  scripts/messages.py extract   writes Sources/Wording/Catalogs/messages.pot from the sources
  scripts/messages.py update    extract, then merge the template into every language's catalog (msgmerge)
  scripts/messages.py check [LANGUAGE…]
                                fails when the template is stale, or a shipped catalog lacks a message, leaves one
                                untranslated or unconfirmed (fuzzy), has the wrong number of plural forms, or a
                                translation's placeholders differ from the English ones; then runs msgfmt --check

A message is the English text of a call `words("…")`, `words("…", context: "…")` or
`words.plural("…one…", "…other…", …)` in Swift, or the text between `{{#page.t}}` and `{{/page.t}}` in a page
template (its runs of white space folded into one space, as the pages look it up).
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "Sources")
CATALOGS = os.path.join(SOURCES, "Wording", "Catalogs")
TEMPLATE = os.path.join(CATALOGS, "messages.pot")

STRING = r'"((?:[^"\\\n]|\\.)*)"'
SINGLE = re.compile(r'\bwords\(\s*' + STRING + r'(?:\s*,\s*context:\s*' + STRING + r')?')
PLURAL = re.compile(r'\bwords\.plural\(\s*' + STRING + r'\s*,\s*' + STRING)
TEMPLATE_MESSAGE = re.compile(r'\{\{#page\.t\}\}(.*?)\{\{/page\.t\}\}', re.S)
PLACEHOLDER = re.compile(r'\{\{\s*([^{}\s]+)\s*\}\}|\{([A-Za-z_][A-Za-z0-9_.]*)\}')


class Problem(Exception):
    pass


def swift_literal(text, where):
    if "\\(" in text:
        raise Problem(f"{where}: a message may not interpolate (write a {{placeholder}} and pass its value)")
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = text[i + 1]
        if n == "u":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3:end], 16)))
            i = end + 1
            continue
        out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}[n])
        i += 2
    return "".join(out)


def extract():
    """Every message in the sources: {(context, id): {"plural": …, "refs": [...], "brace": bool}}."""
    messages = {}

    def add(context, msgid, plural, ref, brace):
        key = (context, msgid)
        entry = messages.setdefault(key, {"plural": plural, "refs": [], "brace": brace})
        if entry["plural"] != plural:
            raise Problem(f"{ref}: “{msgid}” is used both with and without the plural “{plural or entry['plural']}”")
        entry["refs"].append(ref)

    for folder, _, files in sorted(os.walk(SOURCES)):
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            if name.endswith(".swift"):
                text = open(path, encoding="utf-8").read()
                def in_comment(match):
                    start = text.rfind("\n", 0, match.start()) + 1
                    return "//" in text[start:match.start()]

                for match in PLURAL.finditer(text):
                    if in_comment(match):
                        continue
                    line = text.count("\n", 0, match.start()) + 1
                    ref = f"{rel}:{line}"
                    add(None, swift_literal(match.group(1), ref), swift_literal(match.group(2), ref), ref, True)
                for match in SINGLE.finditer(text):
                    if in_comment(match):
                        continue
                    line = text.count("\n", 0, match.start()) + 1
                    ref = f"{rel}:{line}"
                    context = swift_literal(match.group(2), ref) if match.group(2) is not None else None
                    add(context, swift_literal(match.group(1), ref), None, ref, True)
            elif name.endswith(".mustache"):
                text = open(path, encoding="utf-8").read()
                for match in TEMPLATE_MESSAGE.finditer(text):
                    line = text.count("\n", 0, match.start()) + 1
                    add(None, " ".join(match.group(1).split()), None, f"{rel}:{line}", False)
    return messages


def quote(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return f'"{escaped}"'
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def template_text(messages):
    out = [
        "# The messages of Crash Assistant, in English: the template every language's catalog is made from.",
        "# Written by scripts/messages.py extract; do not edit by hand.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        "",
    ]
    for (context, msgid), entry in sorted(messages.items(), key=lambda item: (item[1]["refs"][0], item[0][1], item[0][0] or "")):
        for ref in entry["refs"]:
            out.append(f"#: {ref}")
        if entry["brace"] and PLACEHOLDER.search(msgid + (entry["plural"] or "")):
            out.append("#, python-brace-format")
        if context is not None:
            out.append(f"msgctxt {quote(context)}")
        out.append(f"msgid {quote(msgid)}")
        if entry["plural"] is not None:
            out.append(f"msgid_plural {quote(entry['plural'])}")
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def unquote(literal, where):
    if not (literal.startswith('"') and literal.endswith('"')):
        raise Problem(f"{where}: a string must be in double quotes")
    body, out, i = literal[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\":
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}[body[i + 1]])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def read_po(path):
    """Entries of a catalog: dicts with context, id, plural, strings {index: text}, fuzzy, line."""
    entries, entry, field = [], None, None

    def finish():
        nonlocal entry, field
        if entry and entry.get("id") is not None:
            entries.append(entry)
        entry, field = None, None

    for number, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.strip()
        where = f"{os.path.relpath(path, ROOT)}:{number}"
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if entry and entry.get("strings"):
                finish()
            entry = entry or {"line": number, "strings": {}, "fuzzy": False, "context": None, "plural": None}
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            continue
        if line.startswith('"'):
            if not field:
                raise Problem(f"{where}: a string outside a message")
            value = unquote(line, where)
            if field[0] == "strings":
                entry["strings"][field[1]] += value
            else:
                entry[field[0]] += value
            continue
        keyword, _, rest = line.partition(" ")
        value = unquote(rest.strip(), where)
        if keyword in ("msgctxt", "msgid") and entry and entry.get("id") is not None:
            finish()
        entry = entry or {"line": number, "strings": {}, "fuzzy": False, "context": None, "plural": None}
        if keyword == "msgctxt":
            entry["context"], field = value, ("context",)
        elif keyword == "msgid":
            entry["id"], field = value, ("id",)
        elif keyword == "msgid_plural":
            entry["plural"], field = value, ("plural",)
        elif keyword == "msgstr":
            entry["strings"][0], field = value, ("strings", 0)
        elif re.fullmatch(r"msgstr\[\d\]", keyword):
            index = int(keyword[7])
            entry["strings"][index], field = value, ("strings", index)
        else:
            raise Problem(f"{where}: “{keyword}” is not a catalog keyword")
    finish()
    return entries


def placeholders(text):
    return sorted(a or b for a, b in PLACEHOLDER.findall(text))


def check_catalog(path, messages):
    problems = []
    rel = os.path.relpath(path, ROOT)
    code = os.path.basename(path)[:-3]
    entries = read_po(path)
    header = next((e for e in entries if e["id"] == "" and e["context"] is None), None)
    if header is None:
        return [f"{rel}: no header"]
    fields = dict(line.split(":", 1) for line in header["strings"].get(0, "").split("\n") if ":" in line)
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    if fields.get("Language") != code:
        problems.append(f"{rel}: its Language: header says “{fields.get('Language')}”, not “{code}” as its name")
    if not fields.get("X-Language-Name"):
        problems.append(f"{rel}: no X-Language-Name: header (the language's name in itself, for the language switch)")
    match = re.search(r"nplurals\s*=\s*(\d)", fields.get("Plural-Forms", ""))
    if not match:
        problems.append(f"{rel}: no Plural-Forms: header")
        nplurals = 2
    else:
        nplurals = int(match.group(1))
    found = {}
    for entry in entries:
        if entry is header:
            continue
        key = (entry["context"], entry["id"])
        if key in found:
            problems.append(f"{rel}:{entry['line']}: “{entry['id']}” is in the catalog twice")
        found[key] = entry
    for key, message in messages.items():
        context, msgid = key
        label = f"“{msgid}”" + (f" ({context})" if context else "")
        entry = found.get(key)
        if entry is None:
            problems.append(f"{rel}: missing {label}")
            continue
        where = f"{rel}:{entry['line']}"
        if entry["fuzzy"]:
            problems.append(f"{where}: {label} is marked fuzzy: confirm or correct its translation")
        if message["plural"] is not None:
            if entry["plural"] is None:
                problems.append(f"{where}: {label} needs its plural forms")
                continue
            if sorted(entry["strings"]) != list(range(nplurals)):
                problems.append(f"{where}: {label} has {len(entry['strings'])} plural forms; the language has {nplurals}")
            expected = set(placeholders(message["plural"])) | set(placeholders(msgid))
            for index, text in sorted(entry["strings"].items()):
                if not text.strip():
                    problems.append(f"{where}: {label} form {index} is not translated")
                elif set(placeholders(text)) - expected or (expected - {"count"}) - set(placeholders(text)):
                    problems.append(f"{where}: {label} form {index} has placeholders {placeholders(text)}, the English {sorted(expected)}")
        else:
            text = entry["strings"].get(0, "")
            if not text.strip():
                problems.append(f"{where}: {label} is not translated")
            elif placeholders(text) != placeholders(msgid):
                problems.append(f"{where}: {label} has placeholders {placeholders(text)}, the English {placeholders(msgid)}")
    for key, entry in found.items():
        if key not in messages:
            problems.append(f"{rel}:{entry['line']}: “{entry['id']}” is no longer a message: run scripts/messages.py update")
    return problems


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    try:
        messages = extract()
    except Problem as problem:
        print(f"messages: {problem}", file=sys.stderr)
        return 1
    text = template_text(messages)
    if command in ("extract", "update"):
        with open(TEMPLATE, "w", encoding="utf-8") as out:
            out.write(text)
        print(f"messages: {len(messages)} messages in {os.path.relpath(TEMPLATE, ROOT)}")
        if command == "update":
            for name in sorted(os.listdir(CATALOGS)):
                if name.endswith(".po"):
                    path = os.path.join(CATALOGS, name)
                    # Lines unwrapped, as the catalogs are kept; messages the sources no longer have are dropped, not
                    # kept as obsolete entries.
                    subprocess.run(["msgmerge", "--quiet", "--update", "--no-fuzzy-matching", "--no-wrap", "--backup=none",
                                    path, TEMPLATE], check=True)
                    subprocess.run(["msgattrib", "--no-obsolete", "--no-wrap", "-o", path, path], check=True)
        return 0
    if command != "check":
        print(f"messages: “{command}” is not a command: extract, update or check", file=sys.stderr)
        return 64
    problems = []
    current = open(TEMPLATE, encoding="utf-8").read() if os.path.exists(TEMPLATE) else ""
    if current != text:
        problems.append(f"{os.path.relpath(TEMPLATE, ROOT)} is not what the sources say: run scripts/messages.py update")
    only = set(sys.argv[2:])
    catalogs = sorted(name for name in os.listdir(CATALOGS) if name.endswith(".po") and (not only or name[:-3] in only))
    for name in catalogs:
        path = os.path.join(CATALOGS, name)
        try:
            problems += check_catalog(path, messages)
        except Problem as problem:
            problems.append(str(problem))
        result = subprocess.run(["msgfmt", "--check", "--output-file=/dev/null", path], capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f"msgfmt --check {os.path.relpath(path, ROOT)}:\n{result.stderr.strip()}")
    for problem in problems[:200]:
        print(problem, file=sys.stderr)
    if len(problems) > 200:
        print(f"… and {len(problems) - 200} more", file=sys.stderr)
    if problems:
        print(f"messages: {len(problems)} problems in {len(catalogs)} catalogs", file=sys.stderr)
        return 1
    print(f"messages: {len(messages)} messages, complete in {len(catalogs)} catalogs ({', '.join(n[:-3] for n in catalogs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
