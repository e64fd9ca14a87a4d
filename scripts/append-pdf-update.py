#!/usr/bin/env python3
"""Appends an incremental update to a PDF that replaces what its first page shows, as someone changing a sealed
document after the fact would: the bytes before it stay as they were, so a signature over them still verifies, and
only a check of what the signature permits (DocMDP) can tell.

Usage: append-pdf-update.py IN.pdf OUT.pdf
"""
import sys

from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter


def main() -> int:
    source, target = sys.argv[1], sys.argv[2]
    with open(source, "rb") as handle:
        writer = IncrementalPdfFileWriter(handle, strict=False)
        page_ref = writer.root["/Pages"].raw_get("/Kids")
        page_ref = page_ref.get_object().raw_get(0) if hasattr(page_ref, "get_object") else page_ref.raw_get(0)
        page = page_ref.get_object()
        stream = generic.StreamObject(stream_data=b"BT /F1 36 Tf 72 700 Td (Nothing happened) Tj ET")
        page["/Contents"] = writer.add_object(stream)
        font = generic.DictionaryObject({
            generic.NameObject("/Type"): generic.NameObject("/Font"),
            generic.NameObject("/Subtype"): generic.NameObject("/Type1"),
            generic.NameObject("/BaseFont"): generic.NameObject("/Helvetica"),
        })
        page["/Resources"] = generic.DictionaryObject({
            generic.NameObject("/Font"): generic.DictionaryObject({generic.NameObject("/F1"): writer.add_object(font)}),
        })
        writer.update_container(page)
        with open(target, "wb") as out:
            writer.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
