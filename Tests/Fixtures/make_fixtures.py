#!/usr/bin/env python3
"""Makes the small image fixtures the tests read.

Run once when a fixture needs to change (needs Pillow: `pip install Pillow`);
the outputs are committed, so the tests never need Pillow.
"""
import io
import struct
import zlib
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent


def gradient(width, height, mode="RGB", seed=0):
    image = Image.new(mode, (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            r = (x * 255 // max(width - 1, 1) + seed) % 256
            g = (y * 255 // max(height - 1, 1) + 2 * seed) % 256
            b = ((x + y) * 7 + 3 * seed) % 256
            if mode == "RGB":
                pixels[x, y] = (r, g, b)
            elif mode == "RGBA":
                pixels[x, y] = (r, g, b, (x * 10) % 256)
            elif mode == "L":
                pixels[x, y] = (r + g) // 2
            elif mode == "CMYK":
                pixels[x, y] = (r, g, b, 20)
    return image


def save(name, data):
    (HERE / name).write_bytes(data)
    print(f"{name}: {len(data)} bytes")


def encode(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def exif_block():
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90 CW to display
    exif[0x0132] = "2026:11:21 17:42:10"
    ifd = exif.get_ifd(0x8769)
    ifd[0x9003] = "2026:11:21 17:42:10"  # DateTimeOriginal
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (47.0, 29.0, 52.8)
    gps[3] = "E"
    gps[4] = (19.0, 2.0, 24.0)
    return exif.tobytes()


def quadrants(width, height):
    """Four solid quarters, red, green / blue, yellow, so a test can tell which way up a photo is drawn."""
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    colours = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (255, 255, 0)]]
    for y in range(height):
        for x in range(width):
            pixels[x, y] = colours[y * 2 // height][x * 2 // width]
    return image


def orientation_block(orientation, when=None, offset=None, south_west=None):
    exif = Image.Exif()
    exif[0x0112] = orientation
    if when:
        ifd = exif.get_ifd(0x8769)
        ifd[0x9003] = when  # DateTimeOriginal
        if offset:
            ifd[0x9011] = offset  # OffsetTimeOriginal
    if south_west:
        gps = exif.get_ifd(0x8825)
        gps[1] = "S"
        gps[2] = south_west[0]
        gps[3] = "W"
        gps[4] = south_west[1]
    return exif.tobytes()


def broken_exif_block():
    """A real EXIF block whose first directory offset points far past its end."""
    block = bytearray(exif_block())
    start = 6 if block.startswith(b"Exif\0\0") else 0
    order = "<" if block[start:start + 2] == b"II" else ">"
    block[start + 4:start + 8] = struct.pack(order + "I", 0xFFFFFF00)
    return bytes(block)


def main():
    baseline = encode(gradient(64, 48), "JPEG", quality=85)
    save("photo-64x48.jpg", baseline)
    save("photo-other-64x48.jpg", encode(gradient(64, 48, seed=90), "JPEG", quality=85))
    save("photo-progressive-80x60.jpg", encode(gradient(80, 60, seed=30), "JPEG", quality=80, progressive=True))
    save("photo-grey-32x32.jpg", encode(gradient(32, 32, mode="L"), "JPEG", quality=90))
    save("photo-cmyk-40x40.jpg", encode(gradient(40, 40, mode="CMYK"), "JPEG", quality=90))
    save("photo-exif-120x90.jpg", encode(gradient(120, 90, seed=60), "JPEG", quality=85, exif=exif_block()))

    for orientation in (2, 5, 6, 8):
        extra = {}
        if orientation == 8:
            extra = dict(when="2026:11:20 08:15:00", offset="-03:00",
                         south_west=((34.0, 36.0, 0.0), (58.0, 22.0, 12.0)))
        save(f"photo-quadrants-o{orientation}-80x60.jpg",
             encode(quadrants(80, 60), "JPEG", quality=90, exif=orientation_block(orientation, **extra)))
    save("photo-bad-exif-64x48.jpg", encode(gradient(64, 48, seed=15), "JPEG", quality=85, exif=broken_exif_block()))

    png = encode(gradient(40, 30), "PNG")
    save("photo-40x30.png", png)
    save("photo-alpha-24x24.png", encode(gradient(24, 24, mode="RGBA"), "PNG"))
    save("photo-interlaced-33x17.png", encode(gradient(33, 17, seed=12), "PNG", interlace=1))
    save("photo-exif-48x32.png", encode(gradient(48, 32, seed=75), "PNG", exif=exif_block()))

    # Broken inputs, all derived from the valid files above.
    save("truncated-header.jpg", baseline[:20])          # ends before the frame header
    save("truncated-data.jpg", baseline[: len(baseline) // 2])  # header intact, scan cut
    save("truncated.png", png[:60])                      # IHDR intact, no IEND
    bad_crc = bytearray(png)
    bad_crc[29] ^= 0xFF                                  # first byte of the IHDR checksum
    save("bad-ihdr-crc.png", bytes(bad_crc))
    save("notes.jpg", b"Other driver: Anna Dvorak, plate ABC-123.\nCall insurer tomorrow.\n")
    save("animation.gif", encode(gradient(16, 16), "GIF"))


if __name__ == "__main__":
    main()
