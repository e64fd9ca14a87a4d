"""Checks a JSON document against one schema of an OpenAPI 3.1 file (JSON Schema 2020-12), its references resolved
within the file, formats checked where the validator knows them.

Usage: validate-json.py OPENAPI_YAML SCHEMA_NAME JSON_FILE

Prints "valid" and exits 0, or prints each error with where it is and exits 1.
"""
import json
import sys

import jsonschema
import yaml

openapi_path, name, document_path = sys.argv[1:4]
with open(openapi_path, encoding="utf-8") as f:
    root = yaml.safe_load(f)
if name not in root.get("components", {}).get("schemas", {}):
    print(f"{openapi_path} has no schema {name}")
    sys.exit(2)
with open(document_path, encoding="utf-8") as f:
    document = json.load(f)
# The whole file is the root resource, so every "#/components/schemas/..." reference resolves within it.
schema = dict(root)
schema["$ref"] = "#/components/schemas/" + name
validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for error in errors:
    print("/".join(str(p) for p in error.absolute_path) or "(root)", ":", error.message)
if errors:
    sys.exit(1)
print("valid")
