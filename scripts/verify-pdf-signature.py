#!/usr/bin/env python3
"""Checks every signature in a PDF with pyHanko, as an insurer's software would.

Usage: verify-pdf-signature.py FILE.pdf TRUSTED-CERTIFICATE.pem

Prints one line per signature: intact, valid, trusted, what it covers, whether it certifies the document (DocMDP, and
the changes it permits), whether the file was changed after it as that permission allows, then the signer's subject.
Exits 0 when the file has at least one signature and every one is intact, valid, trusted (the certificate given) and
covers the whole file, and no update appended after a certification breaks its permission; 1 otherwise; 2 when the
file cannot be read as a PDF.
"""
import sys

from pyhanko.keys import load_cert_from_pemder
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.general import check_ess_certid
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.generic_cms import get_signing_cert_attr
from pyhanko_certvalidator import ValidationContext


def pades_baseline_b(signature, status) -> str:
    """`B-B` when the signature has what PAdES baseline B-B asks of its CMS, else what it lacks: the sub-filter
    ETSI.CAdES.detached, an ESS signing-certificate(-v2) attribute naming the signer's certificate, and no
    signing-time attribute (the time is the signature dictionary's /M)."""
    lacking = []
    if signature.sig_object.get("/SubFilter") != "/ETSI.CAdES.detached":
        lacking.append("subfilter")
    attributes = signature.signer_info["signed_attrs"]
    reference = get_signing_cert_attr(attributes)
    if reference is None or not check_ess_certid(status.signing_cert, reference["certs"][0]):
        lacking.append("signing-certificate")
    if any(attribute["type"].native == "signing_time" for attribute in attributes):
        lacking.append("signing-time-attribute-present")
    if "/M" not in signature.sig_object:
        lacking.append("time")
    return "B-B" if not lacking else "no(" + ",".join(lacking) + ")"


def main() -> int:
    path, trusted = sys.argv[1], sys.argv[2]
    root = load_cert_from_pemder(trusted)
    context = ValidationContext(trust_roots=[root], allow_fetching=False, revocation_mode="soft-fail")
    try:
        handle = open(path, "rb")
        reader = PdfFileReader(handle, strict=False)
        signatures = reader.embedded_signatures
    except Exception as error:  # noqa: BLE001 - any failure to read is the answer
        print(f"unreadable: {error}")
        return 2
    if not signatures:
        print("no signatures")
        return 1
    good = True
    for signature in signatures:
        try:
            status = validate_pdf_signature(signature, context)
        except Exception as error:  # noqa: BLE001 - a signature that cannot be validated is invalid
            print(f"{signature.field_name}: invalid: {error}")
            good = False
            continue
        coverage = status.coverage.name if status.coverage is not None else "UNKNOWN"
        level = signature.docmdp_level
        certification = f"P{level.value}" if level is not None else "none"
        modifications = status.modification_level.name if status.modification_level is not None else "UNKNOWN"
        print(
            f"{signature.field_name}: intact={status.intact} valid={status.valid} trusted={status.trusted} "
            f"coverage={coverage} certification={certification} docmdp_ok={status.docmdp_ok} "
            f"modifications={modifications} pades={pades_baseline_b(signature, status)} "
            f"signer={status.signing_cert.subject.human_friendly}"
        )
        good = good and status.intact and status.valid and status.trusted and status.docmdp_ok is not False
        # A certification's later updates are judged by docmdp_ok; any other signature must cover the whole file.
        good = good and (coverage == "ENTIRE_FILE" or (level is not None and status.docmdp_ok))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
