"""End-to-end tests of the live modes: the app runs in a pseudo-terminal, pyte reads the screen.

Run by `make test` (pytest). Time here is real: the tests wait for what the screen shows, with
time limits, and never assert how long anything took.
"""
import base64
import datetime
import io
import math
import os
import re
import signal
import subprocess
import time

import pytest
from terminal.kernelclock import kernel_clock
from PIL import Image

from terminal.answers import xterm_colour
from terminal.ptyscreen import PtyApp

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))


@pytest.fixture
def run(tmp_path):
    apps = []

    def start(*args, columns=100, rows=40, shell=None, env=None, pixels=(0, 0), background=None, palette=False):
        argv = ["/bin/sh", "-c", shell] if shell else [BINARY, *args]
        # Each test keeps its stopwatches and timers in a folder of its own.
        app = PtyApp(argv, columns, rows, env={"XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache"), **(env or {})}, pixels=pixels, background=background, palette=palette)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.close()
    # A timer quit with q goes on, rung by its watcher: cancelled here, so the watcher leaves.
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    listed = subprocess.run([BINARY, "timer", "--list"], env=env, capture_output=True, text=True).stdout
    for name in re.findall(r"^(\S+) {2,}", listed, re.M):
        subprocess.run([BINARY, "timer", "--cancel", "--name", name], env=env, capture_output=True)


def shown(app):
    """The screen's text and the terminal's title (where a timer's time left is text: its
    large digits are drawn)."""
    return app.text() + "\n" + app.screen.title


def seconds_behind(app):
    """How many seconds the digital readout (HH:MM:SS, UTC) is behind the time now, or None
    while there is none."""
    found = re.search(r"\b(\d\d):(\d\d):(\d\d)\b", app.text())
    if not found:
        return None
    now = datetime.datetime.now(datetime.timezone.utc)
    return (now.hour * 3600 + now.minute * 60 + now.second - (int(found[1]) * 3600 + int(found[2]) * 60 + int(found[3]))) % 86400


def test_clock_shows_the_current_time(run):
    app = run("clock", env={"TZ": "UTC"})
    assert app.pump_until(lambda a: seconds_behind(a) is not None)
    assert seconds_behind(app) in (0, 1)
    assert re.search(r"\d{4}-\d\d-\d\d", app.text())
    assert any(ch in app.text() for ch in "🬀🬁🬂▌▐█"), "the face is drawn with block glyphs"
    app.send("q")
    assert app.wait() == 0


@pytest.mark.parametrize("graphics", ["quadrant", "half", "chafa"])
def test_other_graphics_draw_the_face(run, graphics):
    app = run("clock", "--graphics", graphics, "--color", "256")
    assert app.pump_until(lambda a: "q quit" in a.text() and re.search(r"\d\d:\d\d:\d\d", a.text()))
    assert sum(ch not in " \n" for ch in app.text()) > 500, "the face is drawn"
    app.send("q")
    assert app.wait() == 0


def first_picture(raw, opener, closer=b"\x1b\\"):
    """The first picture in the output: from its `opener` to the end of its last escape."""
    start = raw.find(opener)
    assert start >= 0, "a picture was sent"
    end = raw.find(closer, start)
    stop = raw.find(b"\x1b\\", end) if end >= 0 else -1
    assert stop >= 0, "the picture is complete"
    return raw[start:stop + 2]


def decode_sixel(raw, folder, name):
    """The first sixel picture in `raw` as a PNG in `folder` (libsixel's sixel2png), opened."""
    (folder / f"{name}.six").write_bytes(first_picture(raw, b"\x1bP"))
    subprocess.run(["sixel2png", "-i", str(folder / f"{name}.six"), "-o", str(folder / f"{name}.png")], check=True)
    return Image.open(folder / f"{name}.png")


def test_sixel_pictures_show_the_face_then_only_what_changed(run, tmp_path):
    # A terminal of 100×40 cells that reports 10×20-pixel cells.
    app = run("clock", "--graphics", "sixel", env={"TZ": "UTC"}, pixels=(1000, 800))
    assert app.pump_until(lambda a: re.search(r"\d\d:\d\d:\d\d", a.text()) and a.raw.count(b"\x1bP") >= 3)
    assert "q quit" in app.text()
    raw = bytes(app.raw)
    first, second = raw.find(b"\x1bP"), raw.find(b"\x1bP", raw.find(b"\x1bP") + 1)
    with decode_sixel(raw[first:], tmp_path, "whole") as image:
        # 100 columns of 10 pixels, 37 rows of 20 (three rows hold text) cut to a multiple of 6.
        assert image.size == (1000, 738)
        rgb = image.convert("RGB")
        assert rgb.getpixel((5, 5)) == (0, 0, 0), "outside the face: the painted background"
        # Eight points round the centre: three hands can cover three of them, the dial shows white.
        ring = [(500 + round(150 * math.cos(k * math.pi / 4)), 369 + round(150 * math.sin(k * math.pi / 4))) for k in range(8)]
        assert sum(min(rgb.getpixel(point)) > 200 for point in ring) >= 5, "the classic dial is white round the centre"
    with decode_sixel(raw[second:], tmp_path, "part") as part:
        width, height = part.size
    assert width < 1000 and height < 738 and width % 40 == 0, "a second later only the second hand's cells are sent"
    app.send("q")
    assert app.wait() == 0


def test_sixel_pictures_are_never_rescaled_to_whole_bands(run, tmp_path):
    # 50×40 cells of 10×23 pixels: the picture is 37 × 23 = 851 rows, not a whole number of
    # six-row sixel bands. It must lose its last rows, not be squeezed into 846: the dial (as
    # wide as the picture) stays centred on row 425 of the full height.
    app = run("clock", "--graphics", "sixel", columns=50, pixels=(500, 920))
    assert app.pump_until(lambda a: a.raw.count(b"\x1bP") >= 1 and b"\x1b\\" in a.raw[a.raw.find(b"\x1bP"):])
    with decode_sixel(bytes(app.raw), tmp_path, "whole") as image:
        assert image.size == (500, 846)
        column = [sum(image.convert("RGB").getpixel((250, y))) for y in range(image.size[1])]
        drawn = [y for y, value in enumerate(column) if value > 60]
        top, bottom = drawn[0], drawn[-1]
        assert abs(top - (850 - bottom)) <= 1, f"the dial spans rows {top}…{bottom} of 851"
    app.send("q")
    assert app.wait() == 0


def test_kitty_pictures_are_png_tiles_placed_over_the_cells_and_removed_at_exit(run):
    app = run("timer", "1m", "--graphics", "kitty", "--fps", "5", pixels=(1000, 800))
    # The help line is written last in a frame (the title, first): the whole first frame is in.
    assert app.pump_until(lambda a: "q quit" in a.text())
    raw = bytes(app.raw)
    ids = re.findall(rb"\x1b_Ga=T,i=(\d+),", raw)
    assert ids[:3] == [b"10000", b"10001", b"10002"], "the first frame: every tile, each an image of its own"
    assert len(set(ids)) == 80, "100×38 cells in tiles of 10×5"
    escapes = re.findall(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\", first_picture(raw, b"\x1b_Ga=T", closer=b"m=0;"))
    control = escapes[0][0].decode()
    assert control.startswith("a=T,i=10000,f=100,") and "c=10" in control and "r=5" in control
    png = base64.b64decode(b"".join(payload for _, payload in escapes))
    with Image.open(io.BytesIO(png)) as image:
        assert image.size == (100, 100)
        corner = image.convert("RGB").getpixel((2, 2))
        assert corner != (0, 0, 0) and max(corner) > 100, "the gradient backdrop fills the picture"
    app.send("q")
    assert app.wait() == 130
    assert bytes(app.raw).rfind(b"\x1b_Ga=d,d=A") > bytes(app.raw).rfind(b"\x1b_Ga=T"), "no picture is left behind"


def red_samples(app):
    """How many of the screen's 2×3 samples show the classic theme's red second hand."""
    def red(color):
        return len(color) == 6 and int(color[0:2], 16) > 150 and int(color[2:4], 16) < 90 and int(color[4:6], 16) < 90

    def mask(ch):
        special = {" ": 0, "▌": 21, "▐": 42, "█": 63}
        if ch in special:
            return special[ch]
        offset = ord(ch) - 0x1FB00 if len(ch) == 1 else -1
        if not 0 <= offset < 60:
            return None  # text
        part = offset + 1
        part += part >= 21
        part += part >= 42
        return part

    total = 0
    for line in app.screen.buffer.values():
        for cell in line.values():
            parts = mask(cell.data)
            if parts is not None:
                front = bin(parts).count("1")
                total += front * red(cell.fg) + (6 - front) * red(cell.bg)
    return total


def test_clock_keeps_time_across_frames_drawn_ahead_and_after_a_key(run):
    """The clock draws several seconds of frames in one go; each must still show its own second,
    and after a key in the middle of them the screen must be what a fresh start shows."""
    app = run("clock", env={"TZ": "UTC"})

    def readout(a):
        found = re.search(r"\b(\d\d):(\d\d):(\d\d)\b", a.text())
        return found and int(found[1]) * 3600 + int(found[2]) * 60 + int(found[3])

    def matches_now(a):
        return seconds_behind(a) in (0, 1)

    assert app.pump_until(lambda a: readout(a) is not None)
    seen = set()
    deadline = time.monotonic() + 28
    while len(seen) < 18 and time.monotonic() < deadline:  # over a batch's end (16), into the next
        app.pump(0.05)
        assert matches_now(app), f"{app.text()[-200:]}"
        seen.add(readout(app))
    assert len(seen) >= 18
    app.send("oooo")  # through the four oscillators, back to quartz
    assert app.pump_until(lambda a: "oscillator (quartz)" in a.text() and matches_now(a))
    # Beside a fresh clock, at the same second, the second hand covers as many samples: nothing
    # of an earlier second's hand is left on screen.
    fresh = run("clock", env={"TZ": "UTC"})
    compared = 0
    end = time.monotonic() + 10
    while compared < 3 and time.monotonic() < end:
        app.pump(0.02)
        fresh.pump(0.02)
        # Compared only between frames: neither screen takes a byte for 50 ms (a frame half read
        # would count half a hand).
        written = (len(app.raw), len(fresh.raw))
        app.pump(0.05)
        fresh.pump(0.05)
        between_frames = written == (len(app.raw), len(fresh.raw))
        if between_frames and readout(app) is not None and readout(app) == readout(fresh) and (time.time() % 1) > 0.2:
            assert abs(red_samples(app) - red_samples(fresh)) <= 6, (red_samples(app), red_samples(fresh))
            compared += 1
            app.pump(0.8)
    assert compared == 3
    app.send("q")
    assert app.wait() == 0


FREEZER = "/sys/fs/cgroup/freezer"


def test_clock_is_right_at_once_after_being_frozen(run):
    """A clock stopped without a signal (here a cgroup freezer; to the clock, a machine that
    slept is the same) wakes after its held frames' time is over: it draws the screen for now
    instead of showing them. Frozen longer than a batch of frames, it showed a time two seconds
    old or more until the next second."""
    if not os.access(FREEZER, os.W_OK):
        pytest.skip("no writable cgroup v1 freezer on this machine")
    app = run("clock", env={"TZ": "UTC"})
    assert app.pump_until(lambda a: seconds_behind(a) is not None)
    group = os.path.join(FREEZER, f"clockwork-test-{os.getpid()}")
    try:
        os.mkdir(group)
        with open(os.path.join(group, "cgroup.procs"), "w") as procs:
            procs.write(str(app.pid))
    except OSError as error:
        if os.path.isdir(group):
            os.rmdir(group)
        pytest.skip(f"cannot use the cgroup freezer here: {error}")
    try:
        with open(os.path.join(group, "freezer.state"), "w") as state:
            state.write("FROZEN")
        time.sleep(17.5 - time.time() % 1)  # longer than a batch of 16 frames, thawed mid-second
        with open(os.path.join(group, "freezer.state"), "w") as state:
            state.write("THAWED")
        # Before the next second (half a second away), when even held frames would be right.
        assert app.pump_until(lambda a: seconds_behind(a) in (0, 1), timeout=0.4), f"{seconds_behind(app)} s behind"
    finally:
        with open(os.path.join(group, "freezer.state"), "w") as state:
            state.write("THAWED")
        with open(os.path.join(FREEZER, "cgroup.procs"), "w") as procs:
            procs.write(str(app.pid))
        os.rmdir(group)
    app.send("q")
    assert app.wait() == 0


@pytest.fixture(scope="module")
def us_locale(tmp_path_factory):
    """LOCPATH holding en_US.UTF-8 (whose times have 12 hours), compiled with Debian's localedef."""
    folder = tmp_path_factory.mktemp("locales")
    subprocess.run(["localedef", "-i", "en_US", "-f", "UTF-8", str(folder / "en_US.UTF-8")], check=True)
    return {"LOCPATH": str(folder), "LANG": "en_US.UTF-8", "LC_ALL": ""}


@pytest.mark.parametrize("how, twelve", [("locale", True), ("locale and --24h", False), ("settings", True), ("settings and --24h", False)])
def test_times_of_day_have_the_hours_asked_for(run, tmp_path, us_locale, how, twelve):
    env = {"TZ": "UTC"}
    if how.startswith("locale"):
        env.update(us_locale)
    else:
        (tmp_path / "config" / "clockwork").mkdir(parents=True)
        (tmp_path / "config" / "clockwork" / "config.json").write_text('{"hours": 12}')
        env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), LANG="C.UTF-8")
    app = run("clock", *(["--24h"] if how.endswith("--24h") else []), env=env)
    assert app.pump_until(lambda a: re.search(r"\b\d?\d:\d\d:\d\d\b", a.text()))
    hour = datetime.datetime.now(datetime.timezone.utc).hour
    if twelve:
        found = re.search(r"\b(\d?\d):\d\d:\d\d ([AP]M)\b", app.text())
        assert found, app.text()
        assert found[2] == ("AM" if hour < 12 else "PM") or found[1] == "12"  # a test at noon or midnight
        assert 1 <= int(found[1]) <= 12
    else:
        assert re.search(r"\b\d\d:\d\d:\d\d\b", app.text()) and not re.search(r"\d [AP]M\b", app.text())
    app.send("q")
    assert app.wait() == 0


def test_world_clocks_are_labelled(run):
    app = run("clock", "--zone", "Asia/Kathmandu", "--zone", "America/New_York", columns=140)
    assert app.pump_until(lambda a: "Kathmandu +05:45" in a.text() and "New York" in a.text())
    app.send("q")
    assert app.wait() == 0


def test_keys_switch_oscillator_theme_and_readout(run):
    app = run("clock")
    assert app.pump_until(lambda a: "oscillator (quartz)" in a.text())
    app.send("o")
    assert app.pump_until(lambda a: "oscillator (recoil)" in a.text())
    app.send("t")
    assert app.pump_until(lambda a: "theme (station)" in a.text())
    app.send("d")
    assert app.pump_until(lambda a: not re.search(r"\d{4}-\d\d-\d\d", a.text()))
    app.send("\x1b")
    assert app.wait() == 0


def test_stopwatch_laps_appear_after_the_keys(run):
    app = run("stopwatch")
    assert app.pump_until(lambda a: "ready" in a.text())
    app.send(" ")
    assert app.pump_until(lambda a: "running" in a.text())
    app.pump(0.3)
    app.send("l")
    assert app.pump_until(lambda a: re.search(r"^\s+1\s+00:00\.\d\d\s+00:00\.\d\d", a.text(), re.M))
    app.send("\r")
    assert app.pump_until(lambda a: re.search(r"^\s+2\s+00:00\.\d\d", a.text(), re.M))
    app.send(" ")
    assert app.pump_until(lambda a: "stopped" in a.text())
    app.send("q")
    assert app.wait() == 0
    # After the alternate screen is left, the lap table is printed.
    tail = app.raw.split(b"\x1b[?1049l")[-1].decode()
    assert "lap  split     total" in tail
    assert re.search(r"total 00:0\d\.\d\d", tail)


# A timer left with q keeps running, rung by its watcher: it ends 130, as interrupted.
@pytest.mark.parametrize("mode,key,status", [("stopwatch", " ", 0), ("clock", "q", 0), ("timer 10m", "q", 130)])
def test_a_key_typed_as_the_app_starts_is_handled_after_its_first_frame(run, mode, key, status):
    """Typed before the first frame, while the app asks the terminal its colours: the key is
    kept and handled once the frame is shown. A live mode used to stop with SIGILL there (its
    runner entered its own queue from itself)."""
    app = run(*mode.split(), background=(0, 0, 0))
    app.send(key)
    if key == " ":
        assert app.pump_until(lambda a: "running" in a.text()), app.text()[-400:]
        app.send("q")
    assert app.wait() == status, app.raw[-300:]


def test_the_stopwatch_shows_the_total_and_the_running_lap_both_live(run):
    app = run("stopwatch")
    assert app.pump_until(lambda a: "Lap 1  00:00.00" in a.text())
    app.send(" ")

    def running_lap(a):
        found = re.search(r"Lap (\d+)  00:(\d\d\.\d\d)", a.text())
        return (int(found[1]), float(found[2])) if found else None

    assert app.pump_until(lambda a: (running_lap(a) or (0, 0))[1] > 0.5)
    app.send("l")
    assert app.pump_until(lambda a: running_lap(a)[0] == 2)
    first = running_lap(app)[1]
    assert app.pump_until(lambda a: running_lap(a)[1] > first + 0.3), "the second lap runs"
    # The first lap is in the table; the readout goes on with the second.
    lap_one = float(re.search(r"^\s+1\s+00:(\d\d\.\d\d)", app.text(), re.M)[1])
    app.send(" ")
    assert app.pump_until(lambda a: "stopped" in a.text())
    assert lap_one > 0.5 and running_lap(app)[1] > first + 0.3
    app.send("q")
    assert app.wait() == 0


def luma(hex_colour):
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    return (3 * r + 6 * g + b) / 10


def drawn_colours(app, rows, text_only=False):
    """The explicit colours (pyte's hex) of the block and text cells in `rows` (of letters and
    digits only if `text_only`)."""
    colours = set()
    for row in rows:
        for char in app.screen.buffer[row].values():
            if text_only and not char.data.isalnum():
                continue
            if char.data != " " and char.fg != "default":
                colours.add(char.fg)
            if char.data != "█" and char.bg != "default":
                colours.add(char.bg)
    return colours


@pytest.mark.parametrize("background, light", [((255, 255, 255), True), ((0xFD, 0xF6, 0xE3), True), ((0, 0x2B, 0x36), False), (None, False)])
def test_the_stopwatch_reads_on_a_light_terminal(run, background, light):
    app = run("stopwatch", background=background)
    assert app.pump_until(lambda a: "ready" in a.text())
    digits = drawn_colours(app, range(1, 13))
    text = drawn_colours(app, [i for i, line in enumerate(app.screen.display) if "ready" in line or "quit" in line])
    assert digits and text
    if light:  # dark ink on the light page, anti-aliased towards the page
        assert min(map(luma, digits)) < 40 and all(luma(c) < 200 for c in text), (digits, text)
    else:
        assert max(map(luma, digits)) > 215 and all(luma(c) > 100 for c in text), (digits, text)
    app.send("q")
    assert app.wait() == 0


def test_a_timer_without_its_backdrop_reads_on_a_light_terminal(run):
    app = run("timer", "5m", "--no-backdrop", "--name", "tea", background=(255, 255, 255))
    # Both lines: a read can end inside the first frame, between them.
    assert app.pump_until(lambda a: "ends" in a.text() and "tea" in a.text())
    rows = [i for i, line in enumerate(app.screen.display) if "ends" in line or "tea" in line]
    colours = drawn_colours(app, rows, text_only=True)
    assert len(rows) == 2 and colours and all(luma(c) < 60 for c in colours), colours
    app.send("q")
    assert app.wait() == 130


PALETTE_SET = re.compile(rb"\x1b\]4;((?:\d+;#[0-9a-f]{6};?)+)\x1b\\")


@pytest.mark.parametrize("how", ["q", "SIGTERM"])
def test_the_backdrop_animates_palette_entries_and_puts_them_back(run, how):
    app = run("timer", "5m", palette=True)
    assert app.pump_until(lambda a: "ends" in shown(a))
    app.pump(1)
    sets = [m[1] for m in PALETTE_SET.finditer(bytes(app.raw))]
    assert len(sets) >= 3, "the entries are set, and set again as the colours move"
    assert b"48;5;240" in app.raw or b"38;5;240" in app.raw, "cells are drawn with the entries"
    if how == "q":
        app.send("q")
    else:
        app.kill(signal.SIGTERM)
    assert app.wait() in (130, 143)
    # The last word on the palette is xterm's own colours for the 64 entries, as reported.
    last = [m[1] for m in PALETTE_SET.finditer(bytes(app.raw))][-1].decode()
    entries = dict(e.split(";#") for e in re.findall(r"\d+;#[0-9a-f]{6}", last))
    assert entries == {str(i): "%02x%02x%02x" % xterm_colour(i) for i in range(192, 256)}, last
    assert app.raw.rfind(b"\x1b]4;") > app.raw.rfind(b"\x1b[?1049l"), "after the alternate screen is left"


@pytest.mark.parametrize("args, palette", [([], False), (["--color", "256"], True)])
def test_without_palette_reports_or_truecolor_the_backdrop_is_colours(run, args, palette):
    app = run("timer", "5m", *args, palette=palette)
    assert app.pump_until(lambda a: "ends" in shown(a))
    app.pump(0.5)
    assert not PALETTE_SET.search(bytes(app.raw))
    app.send("q")
    assert app.wait() == 130


def test_timer_reaches_zero_and_exits_zero(run):
    app = run("timer", "2s")
    assert app.pump_until(lambda a: "0:0" in shown(a))
    assert app.wait(timeout=10) == 0
    assert b"\x07" in app.raw
    assert b"\x1b]777;notify;" in app.raw and b"\x1b]9;" in app.raw


@pytest.mark.parametrize("args, title", [
    (["timer", "5m", "--name", "tea"], rb"[45]:\d\d tea"),
    (["stopwatch", "--new"], rb"00:0\d stopwatch"),
    (["clock"], rb"\d\d:\d\d:\d\d"),
])
def test_the_window_title_says_the_time_and_is_put_back(run, args, title):
    app = run(*args, env={"TZ": "UTC"})
    assert app.pump_until(lambda a: re.search(rb"\x1b]2;" + title + rb"\x07", a.raw))
    titles = re.findall(rb"\x1b]2;([^\x07]*)\x07", app.raw)
    assert len(titles) == len(set(titles)), "each title is sent once, when it changes"
    app.send("q")
    app.wait()
    assert app.raw.index(b"\x1b[22;0t") < app.raw.index(b"\x1b]2;"), "the terminal's title is kept before it is changed"
    assert app.raw.rfind(b"\x1b[23;0t") > app.raw.rfind(b"\x1b]2;"), "and put back on the way out"


def test_timer_quit_early_exits_130(run):
    app = run("timer", "5m")
    assert app.pump_until(lambda a: "5:00" in shown(a) or "4:59" in shown(a))
    app.send("q")
    assert app.wait() == 130


def test_timer_keys_pause_and_add_a_minute(run):
    app = run("timer", "5m", "--no-pulse", "--no-backdrop")
    assert app.pump_until(lambda a: "4:59" in shown(a) or "5:00" in shown(a))
    app.send(" ")
    assert app.pump_until(lambda a: "paused" in shown(a))
    app.send("+")
    assert app.pump_until(lambda a: "5:59" in shown(a) or "6:00" in shown(a))
    app.send("q")
    assert app.wait() == 130
    # Said on the way out as --list says it: paused, not running.
    assert b"timer 'timer' stays paused (6:00 left)" in app.raw or b"timer 'timer' stays paused (5:59 left)" in app.raw, app.raw[-300:]


@pytest.mark.parametrize("how", ["q", signal.SIGINT, signal.SIGTERM])
def test_a_click_restarts_the_timer_and_mouse_reporting_ends_with_it(run, how):
    app = run("timer", "5m", "--no-pulse", "--no-backdrop")
    assert app.pump_until(lambda a: b"\x1b[?1006h" in a.raw and ("4:59" in shown(a) or "5:00" in shown(a)))
    app.send(" ")
    assert app.pump_until(lambda a: "paused" in shown(a))
    app.send("\x1b[<64;10;5M\x1b[<0;10;5m")  # the wheel, a release: not clicks
    app.pump(0.3)
    assert "paused" in shown(app)
    app.send("\x1b[<0;10;5M\x1b[<0;10;5m")  # a left click as xterm reports it (SGR 1006)
    assert app.pump_until(lambda a: "paused" not in shown(a) and ("4:59" in shown(a) or "5:00" in shown(a)))
    if how == "q":
        app.send("q")
    else:
        app.kill(how)
    app.wait()
    assert app.raw.rfind(b"\x1b[?1000l") > app.raw.rfind(b"\x1b[?1000h") > -1, "mouse reporting is off again"


def test_no_mouse_leaves_the_mouse_to_the_terminal(run):
    app = run("timer", "5m", "--no-mouse")
    assert app.pump_until(lambda a: "4:59" in shown(a) or "5:00" in shown(a))
    app.send("q")
    app.wait()
    assert b"\x1b[?1000h" not in app.raw


@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_terminal_is_restored_after_signals(run, sig, status):
    # The shell prints the terminal's settings before and after; they must be identical.
    app = run(shell=f"stty -g; echo START; {BINARY} clock; echo STATUS=$?; stty -g; sleep 5")
    assert app.pump_until(lambda a: b"oscillator" in a.raw)
    os.kill(child_of(app.pid), sig)
    assert app.pump_until(lambda a: re.search(rb"STATUS=\d+\r?\n[0-9a-f:]+", a.raw), timeout=10)
    settings = re.findall(rb"^([0-9a-f]+(?::[0-9a-f]+){10,})\r?$", app.raw, re.M)
    assert len(settings) == 2 and settings[0] == settings[1]
    assert int(re.search(rb"STATUS=(\d+)", app.raw)[1]) == status
    after = app.raw.split(b"START")[1]
    assert after.rfind(b"\x1b[?1049l") > after.rfind(b"\x1b[?1049h")  # alternate screen left
    assert after.rfind(b"\x1b[?25h") > after.rfind(b"\x1b[?25l")  # cursor visible again
    assert after.rfind(b"\x1b[23;0t") > after.rfind(b"\x1b[22;0t") > -1  # the title put back


@pytest.mark.parametrize("mode", [["clock"], ["timer", "5m"]])
def test_a_terminal_that_goes_away_ends_the_run_even_unsignalled(run, tmp_path, mode):
    # The hang-up goes to the session's leader, a shell that ignores it: the run itself hears
    # nothing but the end of its terminal's input.
    status = tmp_path / "status"
    app = run(shell=f"trap '' HUP; {BINARY} {' '.join(mode)}; echo $? > {status}")
    assert app.pump_until(lambda a: b"\x1b[?1049h" in a.raw and len(a.raw) > 2000)
    child = child_of(app.pid)
    try:
        os.close(app.fd)
        end = time.monotonic() + 10
        while not (status.exists() and status.read_text().strip()) and time.monotonic() < end:
            time.sleep(0.05)
        assert status.exists() and status.read_text().strip() == "129", "ended as a hang-up ends it"
    finally:
        if os.path.exists(f"/proc/{child}"):
            os.kill(child, signal.SIGKILL)


@pytest.mark.parametrize("sig", [signal.SIGSEGV, signal.SIGABRT, signal.SIGILL])
def test_a_crash_says_so_puts_the_terminal_back_and_keeps_its_status(run, tmp_path, sig):
    # Swift's backtracer (on where the toolchain is installed) would follow the message; it is
    # off here so the run is the same on every machine.
    app = run(shell=f"stty -g; echo START; {BINARY} clock; echo STATUS=$?; stty -g; sleep 5", env={"SWIFT_BACKTRACE": "enable=no"})
    assert app.pump_until(lambda a: b"oscillator" in a.raw)
    os.kill(child_of(app.pid), sig)
    assert app.pump_until(lambda a: re.search(rb"STATUS=\d+\r?\n[0-9a-f:]+", a.raw), timeout=10)
    settings = re.findall(rb"^([0-9a-f]+(?::[0-9a-f]+){10,})\r?$", app.raw, re.M)
    assert len(settings) == 2 and settings[0] == settings[1], "the terminal's settings are as they were"
    assert int(re.search(rb"STATUS=(\d+)", app.raw)[1]) == 128 + sig, "ended by the signal"
    after = app.raw.split(b"START")[1]
    assert after.rfind(b"\x1b[?1049l") > after.rfind(b"\x1b[?1049h")  # alternate screen left
    message = re.search(rb"clockwork: crashed \((\w+)[^)]*\)\. (.*?)\r?\n", after)
    assert message and message[1].decode() == sig.name, after[-600:]
    assert str(tmp_path / "state" / "clockwork").encode() in message[2], "it says where the state is"
    assert after.index(b"\x1b[?1049l") < message.start(), "said on the main screen, where it stays"


def child_of(parent):
    """The process whose parent is `parent` (the app the shell started)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                return int(entry)
    raise AssertionError(f"no child of {parent}")


def test_resizing_repaints_without_a_crash(run):
    app = run("clock")
    assert app.pump_until(lambda a: "oscillator" in a.text())
    for columns, rows in [(40, 15), (200, 60), (100, 40)]:
        app.resize(columns, rows)
        app.pump(0.6)
        assert app.poll() is None, "still running"
    assert app.pump_until(lambda a: "q quit" in a.text())
    app.send("q")
    assert app.wait() == 0


def test_a_resize_storm_is_coalesced_and_q_still_quits(run):
    import fcntl
    import struct
    import termios

    app = run("clock")
    assert app.pump_until(lambda a: "q quit" in a.text())
    app.pump(0.3)
    whole_frame = len(app.raw)  # the first paint and a second or so of changes
    before = len(app.raw)
    # 2,000 resizes in about 0.2 s, each a SIGWINCH, between two sizes, ending where it began;
    # nothing is read meanwhile, as a terminal being dragged may not.
    for i in range(2000):
        rows, columns = (30, 90) if i % 2 == 0 else (40, 100)
        fcntl.ioctl(app.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        time.sleep(0.0001)
    app.send("q")
    assert app.wait(timeout=20) == 0, "q was heard after the storm"
    # A redraw per signal would be 2,000 frames (tens of MB); a coalesced storm is a few.
    assert len(app.raw) - before < 40 * whole_frame, f"{len(app.raw) - before} bytes after the storm, {whole_frame} before"


def test_not_a_terminal_runs_the_plain_mode():
    import subprocess

    result = subprocess.run([BINARY, "clock", "--count", "1", "--zone", "UTC"], capture_output=True, text=True, timeout=10)
    assert result.returncode == 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00\n", result.stdout)


def test_a_moment_in_several_zones_and_whether_the_clock_is_synchronised():
    """`clock --at`: one moment in each zone (the day the clocks change in London); `--sync`:
    each line says whether the system clock is synchronised."""
    at = subprocess.run([BINARY, "clock", "--plain", "--count", "1", "--at", "2026-03-29T08:00:00Z", "--zone", "Europe/London",
                         "--zone", "Asia/Tokyo"], capture_output=True, text=True, timeout=10)
    assert at.returncode == 0 and at.stdout == "2026-03-29 09:00:00 +01:00  2026-03-29 17:00:00 +09:00\n", at
    local = subprocess.run([BINARY, "clock", "--plain", "--at", "15:00", "--zone", "Europe/London", "--zone", "America/New_York"],
                           capture_output=True, text=True, timeout=10)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d 15:00:00 \+0[01]:00  \d{4}-\d\d-\d\d 1[01]:00:00 -0[45]:00\n", local.stdout), local
    synced = subprocess.run([BINARY, "clock", "--plain", "--count", "1", "--sync", "--zone", "UTC"], capture_output=True, text=True,
                            timeout=10)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00  \((synced ±[\d.]+ ms|not synchronised)\)\n", synced.stdout), synced
    wrong = subprocess.run([BINARY, "clock", "--plain", "--at", "soon"], capture_output=True, text=True, timeout=10)
    assert wrong.returncode == 64 and "--at: cannot read time 'soon'" in wrong.stderr, wrong


def test_a_moment_shown_stands_still_and_the_arrows_move_it(run):
    """`clock --at` in a terminal: the faces at that moment, still; → moves it 15 minutes; the
    hint says so, and says when the system clock is not synchronised."""
    app = run("clock", "--at", "2026-03-29T08:00:00Z", "--zone", "UTC", "--zone", "Asia/Tokyo", env={"TZ": "UTC"})
    # The first frame comes in several reads, and the hint can land before the faces' times.
    assert app.pump_until(
        lambda a: all(text in a.text() for text in ("←/→ 15 min", "2026-03-29", "08:00:00", "17:00:00"))
    ), app.text()
    assert re.search(r"08:00:00", app.text()) and re.search(r"17:00:00", app.text()), app.text()
    unsynced = "clock not synchronised" in app.text()
    app.send("\x1b[C")  # →
    assert app.pump_until(lambda a: "08:15:00" in a.text() and "17:15:00" in a.text()), app.text()
    assert unsynced is not kernel_clock()[0], "said as the kernel says"
    app.send("q")
    assert app.wait() == 0


def test_a_dumb_terminal_gets_the_plain_lines(run):
    """TERM=dumb cannot move its cursor: no alternate screen, the plain mode's lines."""
    app = run("clock", env={"TERM": "dumb", "TZ": "UTC"})
    assert app.pump_until(lambda a: re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00", a.text()))
    assert b"\x1b[?1049h" not in app.raw and b"\x1b[" not in app.raw
    app.kill(signal.SIGINT)
    assert app.wait() == 130


@pytest.mark.parametrize("mode,ready", [("stopwatch", "Space start"), ("clock", "q quit"), ("timer 10m", "q quit")])
def test_ctrl_z_and_sigtstp_then_fg_under_an_interactive_shell(run, tmp_path, mode, ready):
    """Job control as a person uses it: the app is stopped (the Ctrl-Z key, then SIGTSTP from
    outside), the shell's prompt is back on a normal screen, `fg` brings the app back in raw
    mode, and q still works. Three rounds each, as the stop races the app's own thread."""
    app = run(shell=f"exec bash --norc --noprofile -i", env={"PS1": "prompt$ ", "TZ": "UTC"})
    assert app.pump_until(lambda a: "prompt$" in a.text())
    app.send(f"{BINARY} {mode}\r")
    for round in range(3):
        # Each entry to the alternate screen is a start or a return by fg.
        assert app.pump_until(lambda a: a.raw.count(b"\x1b[?1049h") == round + 1 and ready in a.text()), f"round {round}: the app is not drawn"
        if round % 2 == 0:
            app.send("\x1a")
        else:
            found = subprocess.run(["pgrep", "-n", "-f", f"{BINARY} {mode}"], capture_output=True, text=True).stdout.split()
            assert found, "the app's pid"
            os.kill(int(found[0]), signal.SIGTSTP)
        # Stopped, with the terminal given back: the alternate screen left, the cursor shown.
        assert app.pump_until(lambda a: a.raw.count(b"Stopped") == round + 1), f"round {round}: not stopped: {app.text()[-400:]}"
        assert app.raw.count(b"\x1b[?1049l") == round + 1 and app.raw.rfind(b"\x1b[?25h") > app.raw.rfind(b"\x1b[?25l")
        app.send("fg\r")
    assert app.pump_until(lambda a: a.raw.count(b"\x1b[?1049h") == 4)
    app.pump(0.3)  # the screen is drawn again: keys typed before raw mode returns are the shell's
    app.send("q")
    assert app.pump_until(lambda a: a.raw.count(b"\x1b[?1049l") == 4), "q ends the app after fg"
    app.send("echo status=$?\r")
    # The emulator keeps no alternate screen: what the app drew may sit right after the echo.
    assert app.pump_until(lambda a: re.search(r"status=(0|130)(?!\d)", a.text()))



@pytest.mark.parametrize("mode,ready", [("stopwatch", "Space start"), ("clock", "q quit")])
def test_the_ctrl_c_key_exits_130_as_sigint_does(run, mode, ready):
    app = run(mode)
    assert app.pump_until(lambda a: ready in a.text())
    app.send("\x03")
    assert app.wait() == 130


def lit_fraction(app):
    """The share of the screen's cells that show something (any glyph but a space)."""
    lines = app.screen.display
    return sum(ch != " " for line in lines for ch in line) / sum(len(line) for line in lines)


def test_without_colour_the_timer_is_a_ring_that_empties(run):
    app = run("timer", "25m", env={"NO_COLOR": "1"})
    assert app.pump_until(lambda a: "24:5" in shown(a) or "25:00" in shown(a))
    app.pump(0.5)
    assert not re.search(rb"\x1b\[[0-9;]*[34]8;", app.raw), "no colour is sent"
    # The backdrop would threshold into a blob over much of the screen; the ring alone is a
    # thin circle.
    assert lit_fraction(app) < 0.2, lit_fraction(app)
    app.send("q")
    assert app.wait() == 130


SEXTANTS = re.compile("[\U0001FB00-\U0001FB3B]")


@pytest.mark.parametrize("env", [{"TERM": "linux", "COLORTERM": ""}, {"LANG": "C"}, {"LANG": "", "LC_ALL": "POSIX"}])
def test_the_linux_console_and_a_c_locale_get_half_blocks(run, env):
    app = run("clock", env=env)
    assert app.pump_until(lambda a: "oscillator" in a.text())
    app.pump(0.3)
    text = app.raw.decode("utf-8", "replace")
    assert not SEXTANTS.search(text), "no sextants: the console's font and a C locale lack them"
    assert "▀" in text or "▄" in text, "half blocks"
    if env.get("TERM") == "linux":
        assert not re.search(rb"\x1b\[[0-9;]*[34]8;[25];", app.raw), "16 colours only"
    app.send("q")
    assert app.wait() == 0


def test_graphics_given_wins_over_the_console(run):
    app = run("clock", "--graphics", "sextant", env={"TERM": "linux"})
    assert app.pump_until(lambda a: SEXTANTS.search(a.raw.decode("utf-8", "replace")))
    app.send("q")
    assert app.wait() == 0


def digit_samples(app, wanted):
    """How many cells of the middle rows show colour `wanted` (a predicate on 'rrggbb') in a
    block glyph: the ring's large digits."""
    count = 0
    middle = app.rows // 2
    for row in range(middle - 5, middle + 4):
        for cell in app.screen.buffer[row].values():
            if cell.data != " " and not cell.data.isascii():
                count += wanted(cell.fg) or wanted(cell.bg)
    return count


def white(color):
    return len(color) == 6 and all(int(color[i:i + 2], 16) > 235 for i in (0, 2, 4))


def red(color):
    return len(color) == 6 and int(color[0:2], 16) > 230 and int(color[2:4], 16) < 110 and int(color[4:6], 16) < 110


def test_the_time_left_is_large_with_the_name_and_the_end(run):
    app = run("timer", "25m", "--name", "tea", "--no-pulse", env={"TZ": "UTC"})
    assert app.pump_until(lambda a: "ends" in a.text())
    started = datetime.datetime.now(datetime.timezone.utc)
    assert "tea" in app.text()
    # Started within 25 minutes of midnight, it ends "tomorrow".
    end = re.search(r"ends (?:tomorrow )?(\d\d):(\d\d)(?::(\d\d))?", app.text())
    ends_in = (int(end[1]) * 3600 + int(end[2]) * 60 + int(end[3] or 0) - (started.hour * 3600 + started.minute * 60 + started.second)) % 86400
    assert abs(ends_in - 1500) <= 2, ends_in
    # Not preceded by ':': the end's own minutes and seconds ("ends 05:24:05") are not the time left.
    assert not re.search(r"(?<![:\d])2[45]:\d\d\b", app.text()), "the time left is drawn, not a line of text"
    assert re.search(r"2[45]:\d\d tea", app.screen.title)
    assert digit_samples(app, white) > 40, "large white digits in the middle of the ring"
    app.send("q")
    assert app.wait() == 130


def test_the_last_seconds_are_red_and_a_small_ring_writes_text(run):
    app = run("timer", "1m", "--critical", "70", "--no-pulse")
    assert app.pump_until(lambda a: digit_samples(a, red) > 40), "red digits within --critical"
    app.send("q")
    app.wait()
    small = run("timer", "1m", "--replace", columns=40, rows=12)
    assert small.pump_until(lambda a: re.search(r"\b[01]:\d\d\.\d\b", a.text())), "too small for digits: text"
    small.send("q")
    assert small.wait() == 130


def test_blink_flashes_at_the_end_until_a_key(run):
    app = run("timer", "1s", "--blink", "--no-backdrop", "--no-pulse")
    assert app.pump_until(lambda a: "finished" in a.text())
    before = len(app.raw)
    app.pump(1.5)
    assert app.poll() is None, "it stays"
    assert len(app.raw) - before > 200, "and keeps drawing: the ring flashes"
    app.send("q")
    assert app.wait() == 0


def test_the_digital_face_shows_the_time_large_and_the_date_and_keeps_time(run):
    app = run("clock", "--face", "digital", env={"TZ": "UTC"})

    def title_behind(a):
        found = re.fullmatch(r"(\d\d):(\d\d):(\d\d)", a.screen.title)
        if not found:
            return None
        now = datetime.datetime.now(datetime.timezone.utc)
        return (now.hour * 3600 + now.minute * 60 + now.second - (int(found[1]) * 3600 + int(found[2]) * 60 + int(found[3]))) % 86400

    assert app.pump_until(lambda a: title_behind(a) in (0, 1))
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%a %Y-%m-%d")
    assert app.pump_until(lambda a: today in a.text(), timeout=3), app.text()
    # Large digits: many rows of block glyphs above the date, none of them digits as text.
    rows = app.text().splitlines()
    date_row = next(i for i, line in enumerate(rows) if today in line)
    inked = [line for line in rows[:date_row] if any(ord(c) >= 0x2580 for c in line)]
    assert len(inked) >= 6, "\n".join(rows)  # eight at 100×40: as wide as eight characters fit
    assert not re.search(r"\d\d:\d\d", "\n".join(rows[:date_row])), "the time is drawn, not written"
    seen = {app.screen.title}
    deadline = time.monotonic() + 4
    while len(seen) < 3 and time.monotonic() < deadline:
        app.pump(0.1)
        assert title_behind(app) in (0, 1)
        seen.add(app.screen.title)
    assert len(seen) >= 3, "a new second each second"
    app.send("q")
    assert app.wait() == 0
