#!/usr/bin/env python3
"""Makes the small image fixtures the tests read.

Run once when a fixture needs to change (needs Pillow, `pip install Pillow`, and exiftool, Debian's
libimage-exiftool-perl); the outputs are committed, so the tests never need either.
`make_fixtures.py scene` makes only the crash-scene photos with times, zones and positions.
`make_fixtures.py stray` makes only the eight Budapest street photos, the stray one from Vienna and a summer one.
`make_fixtures.py damaged` makes only the photo with restart markers and its two damaged copies.
"""
import io
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from PIL import Image
from PIL.PngImagePlugin import PngInfo

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


class Tiff:
    """A TIFF-structured EXIF block built by hand, so tests get exactly the types, byte order and directories
    real cameras and phones write (Pillow always writes GPS values as unsigned rationals, in one order)."""

    TYPES = {"byte": (1, "B"), "ascii": (2, None), "short": (3, "H"), "long": (4, "I"),
             "rational": (5, "II"), "srational": (10, "ii")}

    def __init__(self, little_endian):
        self.order = "<" if little_endian else ">"
        self.ifd0, self.exif, self.gps, self.ifd1 = [], [], [], []

    def value(self, kind, values):
        code, fmt = self.TYPES[kind]
        if kind == "ascii":
            data = values.encode() + b"\0"
            return code, len(data), data
        if kind in ("rational", "srational"):
            data = b"".join(struct.pack(self.order + fmt, *pair) for pair in values)
            return code, len(values), data
        data = b"".join(struct.pack(self.order + fmt, v) for v in values)
        return code, len(values), data

    def tobytes(self):
        order = self.order
        directories = [("ifd0", self.ifd0), ("exif", self.exif), ("gps", self.gps), ("ifd1", self.ifd1)]
        used = [(name, entries) for name, entries in directories if entries or name == "ifd0"]
        # Lay out: header, then each directory followed by its out-of-line values.
        extra = {"ifd0": []}
        if self.exif:
            extra["ifd0"].append((0x8769, "long", [0]))
        if self.gps:
            extra["ifd0"].append((0x8825, "long", [0]))
        offsets, sizes = {}, {}
        position = 8
        for name, entries in used:
            all_entries = entries + extra.get(name, [])
            values_size = 0
            for tag, kind, values in all_entries:
                _, _, data = self.value(kind, values)
                if len(data) > 4:
                    values_size += len(data) + (len(data) % 2)
            offsets[name] = position
            sizes[name] = 2 + 12 * len(all_entries) + 4 + values_size
            position += sizes[name]
        out = bytearray(b"II" if order == "<" else b"MM")
        out += struct.pack(order + "HI", 42, 8)
        for index, (name, entries) in enumerate(used):
            all_entries = list(entries)
            if name == "ifd0":
                if self.exif:
                    all_entries.append((0x8769, "long", [offsets["exif"]]))
                if self.gps:
                    all_entries.append((0x8825, "long", [offsets["gps"]]))
            all_entries.sort(key=lambda entry: entry[0])
            start = offsets[name]
            data_at = start + 2 + 12 * len(all_entries) + 4
            body, tail = bytearray(struct.pack(order + "H", len(all_entries))), bytearray()
            for tag, kind, values in all_entries:
                code, count, data = self.value(kind, values)
                body += struct.pack(order + "HHI", tag, code, count)
                if len(data) <= 4:
                    body += data.ljust(4, b"\0")
                else:
                    body += struct.pack(order + "I", data_at + len(tail))
                    tail += data + (b"\0" if len(data) % 2 else b"")
            next_ifd = offsets["ifd1"] if name == "ifd0" and self.ifd1 else 0
            body += struct.pack(order + "I", next_ifd)
            out += body + tail
        return b"Exif\0\0" + bytes(out)


def scene_block(little_endian=True, when="2026:11:21 16:28:00", offset_tag=None, gps=None, gps_time=None,
                thumbnail_orientation=None, orientation=1):
    tiff = Tiff(little_endian)
    tiff.ifd0.append((0x0112, "short", [orientation]))
    if when:
        tiff.exif.append((0x9003, "ascii", when))
    if offset_tag:
        tiff.exif.append((offset_tag[0], "ascii", offset_tag[1]))
    if gps:
        kind, (lat_ref, lat), (lon_ref, lon), altitude = gps
        tiff.gps += [(1, "ascii", lat_ref), (2, kind, lat), (3, "ascii", lon_ref), (4, kind, lon)]
        if altitude is not None:
            tiff.gps += [(5, "byte", [1 if altitude[0] < 0 else 0]), (6, kind, [(abs(altitude[0]), altitude[1])])]
    if gps_time:
        day, (hours, minutes, seconds) = gps_time
        tiff.gps += [(7, "rational", [(hours, 1), (minutes, 1), (seconds, 1)]), (29, "ascii", day)]
    if thumbnail_orientation:
        tiff.ifd1 += [(0x0112, "short", [thumbnail_orientation]), (0x0103, "short", [6])]
    return tiff.tobytes()


XMP_PACKET = """<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>
<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
<rdf:Description rdf:about='' xmlns:exif='http://ns.adobe.com/exif/1.0/' xmlns:xmp='http://ns.adobe.com/xap/1.0/'
 xmp:ModifyDate='2026-11-22T09:00:00-05:00'>
<exif:DateTimeOriginal>2026-11-21T16:28:00+01:00</exif:DateTimeOriginal>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end='w'?>"""


def scene_fixtures():
    """Crash-scene photos whose metadata gives time, zone and place in the ways real cameras and phones do.
    The camera's clock reads 21 Nov 2026 16:28 in every one that has a time."""
    picture = gradient(48, 36, seed=111)
    # Signed rationals for the GPS values (some Android phones), both byte orders, southern/western and
    # northern/eastern positions, an altitude.
    south_west = ("srational", ("S", [(33, 1), (51, 1), (2484, 100)]), ("W", [(70, 1), (39, 1), (1200, 100)]), (-12, 2))
    save("scene-srational-le-48x36.jpg",
         encode(picture, "JPEG", quality=85, exif=scene_block(True, gps=south_west, offset_tag=(0x9011, "-03:00"))))
    north_east = ("srational", ("N", [(47, 1), (29, 1), (5280, 100)]), ("E", [(19, 1), (2, 1), (2400, 100)]), (2415, 10))
    save("scene-srational-be-48x36.jpg",
         encode(picture, "JPEG", quality=85, exif=scene_block(False, gps=north_east, offset_tag=(0x9011, "+01:00"))))
    # The zone from the general OffsetTime tag only.
    save("scene-offsettime-48x36.jpg", encode(picture, "JPEG", quality=85, exif=scene_block(offset_tag=(0x9010, "+09:00"))))
    # The zone only in the XMP packet (a second APP1 segment).
    save("scene-xmp-zone-48x36.jpg", with_xmp(encode(picture, "JPEG", quality=85, exif=scene_block())))
    # No zone but the GPS time (UTC 15:27:40, twenty seconds from a whole hour earlier): UTC+01:00.
    save("scene-gps-time-48x36.jpg",
         encode(picture, "JPEG", quality=85, exif=scene_block(False, gps_time=("2026:11:21", (15, 27, 40)))))
    # A GPS time that disagrees with the camera by 2 h 23 min (a stale fix): no zone from it.
    save("scene-gps-stale-48x36.jpg",
         encode(picture, "JPEG", quality=85, exif=scene_block(True, gps_time=("2026:11:21", (14, 5, 0)))))
    # No zone anywhere: read in the machine's zone.
    save("scene-no-zone-48x36.jpg", encode(picture, "JPEG", quality=85, exif=scene_block()))
    # A thumbnail directory (IFD1) with its own orientation: not the photo's.
    save("scene-thumbnail-orientation-48x36.jpg",
         encode(picture, "JPEG", quality=85, exif=scene_block(thumbnail_orientation=6, orientation=1)))
    # Clocks set wrong: years ahead, and never set (1998).
    save("scene-future-48x36.jpg", encode(picture, "JPEG", quality=85, exif=scene_block(when="2031:06:01 10:00:00")))
    save("scene-1998-48x36.jpg", encode(picture, "JPEG", quality=85, exif=scene_block(when="1998:01:01 00:00:00")))
    # A PNG: the time in its eXIf chunk, the zone in its XMP iTXt chunk.
    info = PngInfo()
    info.add_itxt("XML:com.adobe.xmp", XMP_PACKET)
    save("scene-xmp-zone-48x36.png", encode(picture, "PNG", exif=scene_block(), pnginfo=info))


def dms(value):
    """Degrees, minutes and seconds (to the hundredth) as EXIF rationals."""
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = round(((value - degrees) * 60 - minutes) * 60 * 100)
    return [(degrees, 1), (minutes, 1), (seconds, 100)]


def stray_fixtures():
    """Eight crash-scene photos taken two minutes apart on 21 Nov 2026 from 16:28 (+01:00) a few metres apart in
    Budapest, and one taken the day before in Vienna, 214 km away: the stray one in the crash scene's section."""
    for index in range(8):
        latitude, longitude = 47.4979 + index * 0.00005, 19.0402
        gps = ("rational", ("N", dms(latitude)), ("E", dms(longitude)), None)
        when = f"2026:11:21 16:{28 + 2 * index:02d}:00"
        save(f"street-budapest-{index + 1}-48x36.jpg", encode(gradient(48, 36, seed=200 + index), "JPEG", quality=85,
             exif=scene_block(when=when, gps=gps, offset_tag=(0x9011, "+01:00"))))
    # A summer photo with no zone in it, read in the machine's zone: its clock showed 16:28 on 22 Oct 2008.
    save("street-summer-no-zone-48x36.jpg", encode(gradient(48, 36, seed=300), "JPEG", quality=85,
         exif=scene_block(when="2008:10:22 16:28:00")))
    gps = ("rational", ("N", dms(48.2082)), ("E", dms(16.3738)), None)
    save("street-vienna-48x36.jpg", encode(gradient(48, 36, seed=299), "JPEG", quality=85,
         exif=scene_block(when="2026:11:20 15:10:00", gps=gps, offset_tag=(0x9011, "+01:00"))))


def with_xmp(jpeg):
    """The JPEG with the XMP packet written by exiftool (libimage-exiftool-perl), as photo tools write it."""
    source = HERE / ".xmp-source.jpg"
    packet = HERE / ".xmp-packet.xmp"
    source.write_bytes(jpeg)
    packet.write_text(XMP_PACKET)
    try:
        subprocess.run(["exiftool", "-q", "-overwrite_original", f"-xmp<={packet}", str(source)], check=True)
        return source.read_bytes()
    finally:
        source.unlink(missing_ok=True)
        packet.unlink(missing_ok=True)


def damaged_fixtures():
    """A photo whose encoder wrote a restart marker after every unit of the picture, and two copies of it damaged
    the ways camera cards and copies damage files: its image data cut short half way, with an end-of-image marker
    and another whole file joined after it (so the file still ends as a JPEG does); and a byte pair inside its image
    data overwritten with a marker no encoder writes there."""
    whole = encode(gradient(64, 48, seed=45), "JPEG", quality=85, restart_marker_blocks=1)
    save("photo-restarts-64x48.jpg", whole)
    scan = whole.index(b"\xff\xda")
    data = scan + 2 + int.from_bytes(whole[scan + 2:scan + 4], "big")
    half = data + (len(whole) - data) // 2
    while whole[half - 1] == 0xFF:
        half -= 1
    save("cut-short-joined.jpg", whole[:half] + b"\xff\xd9" + whole)
    damaged = bytearray(whole)
    at = data + 8
    while damaged[at] == 0xFF or damaged[at - 1] == 0xFF or damaged[at + 1] == 0xFF:
        at += 1
    damaged[at:at + 2] = b"\xff\x9f"
    save("damaged-data.jpg", bytes(damaged))


def main():
    if sys.argv[1:] == ["damaged"]:
        damaged_fixtures()
        return
    if sys.argv[1:] == ["scene"]:
        scene_fixtures()
        return
    if sys.argv[1:] == ["stray"]:
        stray_fixtures()
        return
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
    damaged_fixtures()
    scene_fixtures()


if __name__ == "__main__":
    main()
