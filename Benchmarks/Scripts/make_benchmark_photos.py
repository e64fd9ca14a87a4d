#!/usr/bin/env python3
"""Writes the benchmark's photos: COUNT camera-sized JPEGs of about 4 MB each, into the folder given.

Deterministic (seeded noise over a gradient, like a detailed photo), so every run measures the same bytes.
Usage: make_benchmark_photos.py FOLDER [COUNT]. Needs Pillow (`pip install Pillow`).
"""
import io
import random
import sys
from pathlib import Path

from PIL import Image

WIDTH, HEIGHT = 2880, 2160


def photo(index):
    rng = random.Random(1000 + index)
    noise = Image.frombytes("RGB", (WIDTH * 2 // 3, HEIGHT * 2 // 3), rng.randbytes(WIDTH * HEIGHT * 3 * 4 // 9))
    noise = noise.resize((WIDTH, HEIGHT), Image.BILINEAR)
    base = Image.linear_gradient("L").resize((WIDTH, HEIGHT)).convert("RGB")
    image = Image.blend(base, noise, 0.6)
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=92)
    return buffer.getvalue()


def main():
    folder = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        target = folder / f"photo-{index:02d}.jpg"
        if not target.exists():
            partial = target.with_suffix(".partial")
            partial.write_bytes(photo(index))
            partial.rename(target)


if __name__ == "__main__":
    main()
