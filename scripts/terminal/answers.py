"""What a terminal answers to the queries Clockwork sends before its first frame: the
background colour (OSC 11), palette entries (OSC 4, xterm's default colours) and the device
attributes (DA1). Used by ptyscreen (the tests' terminal) and scripts/bench/live."""
import re


def xterm_colour(index):
    """xterm's default colour for 256-colour palette entry `index` (16 to 255)."""
    if index >= 232:
        level = 8 + 10 * (index - 232)
        return (level, level, level)
    index -= 16
    levels = [0, 95, 135, 175, 215, 255]
    return (levels[index // 36], levels[index // 6 % 6], levels[index % 6])


def replies(data, background=None, palette=False, attributes=False):
    """The bytes a terminal sends back for the queries in `data`: OSC 11 when `background`
    (r, g, b) is given, OSC 4 when `palette` is true, DA1 when `attributes` is true; in order."""
    out = b""
    for query in re.finditer(rb"\x1b\](11|4;(\d+));\?(?:\x1b\\|\x07)|\x1b\[c", data):
        if query[0] == b"\x1b[c":
            if attributes:
                out += b"\x1b[?62;22c"
        elif query[1] == b"11":
            if background:
                out += b"\x1b]11;rgb:%04x/%04x/%04x\x1b\\" % tuple(c * 257 for c in background)
        elif palette:
            index = int(query[2])
            out += b"\x1b]4;%d;rgb:%04x/%04x/%04x\x1b\\" % (index, *(c * 257 for c in xterm_colour(index)))
    return out
