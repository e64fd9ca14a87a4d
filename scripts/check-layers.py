#!/usr/bin/env python3
"""Checks the layering Package.swift promises, from the package's own description (`swift package describe`).

- The server's programs and libraries reach none of the app's modules: not `Data` (the app's repositories), not
  `Presentation`, `Composition` or `App`.
- `Domain` depends on nothing; `Presentation` on `Domain` and `Wording` alone.
- `Storage` and `ReportDocuments`, which the app and the server share, reach no repository and no server library.
- Every module a source file imports is one its target declares, and every target it declares of this package is
  imported by some file of it (a dependency declared but unused is named).

Exits 1 naming each breach; 0 when there is none.
"""
import json
import os
import re
import subprocess
import sys

swift = os.environ.get("SWIFT", "swift")
description = json.loads(subprocess.run([swift, "package", "describe", "--type", "json"], capture_output=True, text=True, check=True).stdout)
targets = {target["name"]: target for target in description["targets"]}


def reach(name, seen=None):
    """Every target of this package `name` depends on, directly or not."""
    seen = set() if seen is None else seen
    for dependency in targets[name].get("target_dependencies", []):
        if dependency not in seen:
            seen.add(dependency)
            reach(dependency, seen)
    return seen


breaches = []
app_only = {"Data", "Presentation", "Composition", "App"}
def is_test_code(name):
    """A test target, or a library only tests link (its sources under Tests/)."""
    return targets[name]["type"] == "test" or targets[name]["path"].startswith("Tests/")


for name in targets:
    if name.startswith("Server") and not is_test_code(name):
        for module in sorted(reach(name) & app_only):
            breaches.append(f"{name} reaches {module}, a module of the app")
for name in ("Storage", "ReportDocuments"):
    for module in sorted(reach(name) & (app_only | {t for t in targets if t.startswith("Server")})):
        breaches.append(f"{name}, shared by the app and the server, reaches {module}")
if reach("Domain"):
    breaches.append(f"Domain depends on {sorted(reach('Domain'))}; it is to depend on nothing")
if reach("Presentation") - {"Domain", "Wording"}:
    breaches.append(f"Presentation depends on {sorted(reach('Presentation') - {'Domain', 'Wording'})}")

# What each target's files import, against what it declares (this package's targets only).
for name, target in targets.items():
    if target["type"] == "test" or target.get("module_type") != "SwiftTarget":
        continue
    imported = set()
    for source in target.get("sources", []):
        with open(os.path.join(target["path"], source), encoding="utf-8") as handle:
            imported |= set(re.findall(r"^(?:@\S+ )*import (\w+)", handle.read(), re.M))
    declared = set(target.get("target_dependencies", []))
    for module in sorted((imported & set(targets)) - declared - {name}):
        breaches.append(f"{name} imports {module} without declaring it")
    for module in sorted(declared - imported):
        if targets[module].get("module_type") == "SwiftTarget":
            breaches.append(f"{name} declares {module} but no file of it imports it")

for breach in breaches:
    print("layers: " + breach)
if breaches:
    sys.exit(1)
print(f"layers: {len(targets)} targets as Package.swift promises (the server reaches no module of the app)")
