"""A map image's size in pixels, read from its header (issue 17): ``rules.backdrop.image_size``
reads a PNG's IHDR chunk, a JPEG's frame header and a WebP's VP8, VP8L or VP8X chunk, so a
``Backdrop`` names the image's real width and height without decoding it.

The headers are written here byte by byte from the formats' own layouts (PNG: IHDR first;
JPEG: markers with 2-byte big-endian lengths up to a start-of-frame; WebP: a RIFF container
whose first chunk holds the size), and a PNG is drawn whole with zlib and struct.
"""

import struct
import zlib

import pytest

from rules.backdrop import BackdropError, image_size


def png(width: int, height: int) -> bytes:
    """A whole, valid RGB PNG of ``width`` by ``height`` grey pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * (3 * width) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def segment(marker: int, body: bytes) -> bytes:
    """A JPEG marker segment: 0xFF, the marker, a length counting itself, the body."""
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def jpeg(width: int, height: int, frame: int = 0xC0, before: bytes = b"") -> bytes:
    """The head of a JPEG: start of image, a JFIF APP0, a quantisation table, ``before``, then a
    start of frame ``frame`` (0xC0 baseline, 0xC2 progressive) of ``width`` by ``height``, and a
    start of scan."""
    jfif = segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
    tables = segment(0xDB, b"\x00" + bytes(range(64)))
    sof = segment(frame, struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01")
    return b"\xff\xd8" + jfif + tables + before + sof + segment(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")


def riff(chunk: bytes, body: bytes) -> bytes:
    """A WebP file of one chunk."""
    data = chunk + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", 4 + len(data)) + b"WEBP" + data


def vp8(width: int, height: int) -> bytes:
    """A lossy WebP's head: a key frame tag, the start code, the 14-bit sizes (scale bits 0)."""
    return riff(b"VP8 ", b"\x10\x02\x00" + b"\x9d\x01\x2a" + struct.pack("<HH", width, height) + bytes(10))


def vp8l(width: int, height: int) -> bytes:
    """A lossless WebP's head: the signature 0x2F, then width - 1 and height - 1 in 14 bits each."""
    bits = (width - 1) | ((height - 1) << 14)
    return riff(b"VP8L", b"\x2f" + bits.to_bytes(4, "little") + bytes(10))


def vp8x(width: int, height: int) -> bytes:
    """An extended WebP's head: flags, then the canvas width - 1 and height - 1 in 24 bits each."""
    return riff(b"VP8X", bytes(4) + (width - 1).to_bytes(3, "little") + (height - 1).to_bytes(3, "little"))


@pytest.mark.parametrize("width, height", [(1, 1), (37, 1234), (2560, 1920), (16383, 3)])
def test_a_png_is_as_wide_and_high_as_its_ihdr_says(width, height):
    """The IHDR chunk comes first and holds the width and height, big-endian."""
    assert image_size(png(width, height)) == (width, height)


def test_a_png_header_alone_is_enough():
    """Only the header is read: the size of a huge image comes from its first 24 bytes."""
    head = png(3, 2)[:24]
    assert image_size(head[:16] + struct.pack(">II", 90_000, 70_000)) == (90_000, 70_000)


@pytest.mark.parametrize("frame", [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC7, 0xC9, 0xCB, 0xCD, 0xCF])
def test_a_jpeg_is_as_wide_and_high_as_its_frame_header_says(frame):
    """Every start-of-frame marker (baseline, extended, progressive, lossless, arithmetic) holds
    the height, then the width."""
    assert image_size(jpeg(640, 480, frame)) == (640, 480)


def test_jpeg_markers_before_the_frame_are_skipped_by_their_lengths():
    """An EXIF segment of 60 kB, a Huffman table (0xC4, not a frame), fill bytes and a marker
    without a length (a restart) before the frame are walked past."""
    exif = segment(0xE1, b"Exif\x00\x00" + b"\xff\xc0" * 30_000)
    huffman = segment(0xC4, b"\x00" + bytes(16) + b"\x00")
    data = jpeg(300, 200, before=exif + huffman + b"\xff\xff\xff" + b"\xff\xd0")
    assert image_size(data) == (300, 200)


@pytest.mark.parametrize("head, size", [(vp8(550, 368), (550, 368)), (vp8l(1, 16384), (1, 16384)),
                                        (vp8x(16_777_216, 2), (16_777_216, 2)), (vp8x(1200, 900), (1200, 900))])
def test_a_webp_is_as_wide_and_high_as_its_first_chunk_says(head, size):
    """VP8 (lossy): 14-bit sizes after the start code; VP8L (lossless): 14-bit sizes less one
    after the signature; VP8X (extended): 24-bit canvas sizes less one."""
    assert image_size(head) == size


def test_the_scale_bits_of_a_lossy_webp_are_not_its_size():
    """The top two bits of a VP8 size are an upscaling hint, not pixels."""
    data = bytearray(vp8(300, 200))
    data[27] |= 0xC0
    data[29] |= 0x40
    assert image_size(bytes(data)) == (300, 200)


@pytest.mark.parametrize(
    "data, words",
    [
        (png(4, 4)[:20], "This PNG image is damaged: its size cannot be read"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIDAT" + bytes(20), "This PNG image is damaged"),
        (png(4, 4)[:16] + struct.pack(">II", 0, 5), "This PNG image is damaged"),
        (b"\xff\xd8" + segment(0xDA, b"\x00"), "This JPEG image is damaged: its size cannot be read"),
        (b"\xff\xd8\xff\xd9", "This JPEG image is damaged"),
        (jpeg(300, 200)[:40], "This JPEG image is damaged"),
        (b"\xff\xd8\xff\xe0\x00\x01" + bytes(10), "This JPEG image is damaged"),
        (b"\xff\xd8\xff\xe0\x00\x10" + bytes(14) + b"\x00\x00", "This JPEG image is damaged"),
        (riff(b"ALPH", bytes(20)), "This WEBP image is damaged: its size cannot be read"),
        (vp8(300, 200)[:24], "This WEBP image is damaged"),
        (riff(b"VP8 ", b"\x10\x02\x00" + b"\x00\x00\x00" + bytes(14)), "This WEBP image is damaged"),
        (riff(b"VP8L", b"\x00" + bytes(14)), "This WEBP image is damaged"),
        (vp8(0, 200), "This WEBP image is damaged"),
        (b"GIF89a" + bytes(20), "GIF images cannot be maps here"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "SVG images cannot be maps here"),
    ],
)
def test_a_header_that_does_not_hold_a_size_is_refused_saying_so(data, words):
    """A header cut short, a chunk or marker out of place, a zero size: a ``BackdropError`` a
    player reads; a file of another kind is refused as ``image_type`` refuses it."""
    with pytest.raises(BackdropError, match=f"^{words}"):
        image_size(data)
