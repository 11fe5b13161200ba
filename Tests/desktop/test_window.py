"""End-to-end tests of `--window` under a real X server (Xvfb): the app draws, ImageMagick's
`import` captures the window from outside, xdotool resizes it and types, and the pixels are
read back with Pillow. No window manager runs: a close request is sent as one would send it
(a WM_DELETE_WINDOW client message, through python-xlib).

Run by `make test` (pytest). Time is real: the tests wait for what the window shows, with time
limits, and never assert how long anything took.
"""
import datetime
import json
import io
import math
import os
import re
import shutil
import signal
import subprocess
import time

import pytest
from PIL import Image

from terminal import xserver
from terminal.kernelclock import kernel_clock

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (scripts/setup installs it)")


@pytest.fixture(scope="module")
def display():
    """A private X server for this module's tests, on a display number it chose itself
    (-displayfd: two test runs at once never share, or end, each other's server)."""
    server, number = xserver.start()
    yield number
    server.terminate()
    server.wait()


@pytest.fixture(scope="module")
def session_bus():
    """A session bus of this module's own, as a desktop session has one: without it, GLib
    would start one (dbus-launch) for GTK that outlives the tests."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    yield bus.stdout.readline().strip()
    bus.terminate()
    bus.wait()


@pytest.fixture
def app(display, session_bus, tmp_path):
    started = []

    def start(*args, env=None):
        environment = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)}
        environment.update(DISPLAY=display, TZ="UTC", XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
                           DBUS_SESSION_BUS_ADDRESS=session_bus, **(env or {}))
        process = subprocess.Popen([BINARY, *args], env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


def x(display, *command, check=True):
    return subprocess.run(list(command), env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, check=check)


def window_of(display, process, timeout=30):
    """The X window id of the app's window, once a frame is on it (its title then ends with
    " - clockwork"), as a person sees it before they click or type."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        assert process.poll() is None, f"the app ended: {process.stderr.read()}"
        for found in x(display, "xdotool", "search", "--onlyvisible", "--pid", str(process.pid), check=False).stdout.split():
            if x(display, "xdotool", "getwindowname", found, check=False).stdout.strip().endswith(" - clockwork"):
                return found
        time.sleep(0.05)
    windows = x(display, "xdotool", "search", "--pid", str(process.pid), check=False).stdout.split()
    names = [x(display, "xdotool", "getwindowname", w, check=False).stdout.strip() for w in windows]
    process.terminate()
    raise AssertionError(f"no window with a frame on it appeared; the app's windows: {names}; its errors: {process.communicate(timeout=10)[1]!r}")


def capture(display, window):
    png = subprocess.run(["import", "-window", window, "png:-"], env=dict(os.environ, DISPLAY=display), capture_output=True, check=True, timeout=5).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def dial(image):
    """The dial's centre and radius: the box of its white pixels."""
    width, height = image.size
    pixels = image.load()
    xs, ys = [], []
    for py in range(0, height, 2):
        for px in range(0, width, 2):
            r, g, b = pixels[px, py]
            if r >= 250 and g >= 250 and b >= 250:  # the dial is pure white; text is not
                xs.append(px)
                ys.append(py)
    assert xs, "no dial in the window"
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    return ((left + right) / 2, (top + bottom) / 2), (right - left) / 2, (bottom - top) / 2


def angles_where(image, centre, radius, test):
    """The angles (degrees clockwise from 12) on a circle where `test(pixel)` holds, as the
    middles of runs."""
    pixels = image.load()
    hits = []
    for step in range(720):
        angle = step / 2
        px = centre[0] + radius * math.sin(math.radians(angle))
        py = centre[1] - radius * math.cos(math.radians(angle))
        hits.append(test(pixels[int(round(px)), int(round(py))]))
    if all(hits):
        return []
    first = hits.index(False)  # scan from a miss, so no run is cut at 12 o'clock
    runs, start = [], None
    for index in range(first, first + 721):
        on = hits[index % 720]
        if on and start is None:
            start = index
        elif not on and start is not None:
            runs.append(((start + index - 1) / 2 / 2) % 360)
            start = None
    return sorted(set(round(run, 1) for run in runs))


def difference(a, b):
    return abs((a - b + 180) % 360 - 180)


def red(pixel):
    r, g, b = pixel
    return r > 150 and g < 90 and b < 90


# A theme whose hands have colours of their own, so each is found by its colour: hour blue,
# minute green, second red; no numerals or shadows to confuse them.
THEME = '{"base": "classic", "hourHand": {"color": "#0000FF"}, "minuteHand": {"color": "#00C000"}, "secondHand": {"color": "#FF0000"}, "numerals": {"style": "none"}, "shadow": null}'


def blue(pixel):
    r, g, b = pixel
    return b > 150 and r < 100 and g < 100


def green(pixel):
    r, g, b = pixel
    return g > 120 and r < 100 and b < 100


def merged(angles, within=8):
    """Runs closer than `within` degrees as one (a thinner hand drawn over a hand splits it)."""
    groups = []
    for angle in sorted(angles):
        if groups and difference(angle, groups[-1][-1]) < within:
            groups[-1].append(angle)
        else:
            groups.append([angle])
    if len(groups) > 1 and difference(groups[0][0], groups[-1][-1]) < within:
        groups[0] = groups.pop() + groups[0]
    return [math.degrees(math.atan2(sum(math.sin(math.radians(a)) for a in g), sum(math.cos(math.radians(a)) for a in g))) % 360 for g in groups]


def hands(image):
    """The hour, minute and second hands' angles, each found by its colour on a circle that
    only it crosses (the hour hand ends at half the radius, the minute hand at 0.78)."""
    centre, rx, ry = dial(image)
    radius = min(rx, ry)
    second = merged(angles_where(image, centre, radius * 0.84, red))
    minute = merged(angles_where(image, centre, radius * 0.65, green))
    hour = merged(angles_where(image, centre, radius * 0.35, blue), within=14)  # the widest hand
    assert len(second) == 1 and len(minute) == 1 and len(hour) == 1, (hour, minute, second)
    return hour[0], minute[0], second[0]


def expected(now):
    seconds = now.second
    return ((now.hour % 12) * 30 + now.minute * 0.5, now.minute * 6 + seconds * 0.1, seconds * 6)


def check_time(display, window):
    """Captures just after a second boundary and compares the hands with the time then."""
    for _ in range(5):
        now = datetime.datetime.now(datetime.timezone.utc)
        time.sleep(1.25 - now.microsecond / 1e6)  # a quarter second into the next second
        before = datetime.datetime.now(datetime.timezone.utc)
        image = capture(display, window)
        after = datetime.datetime.now(datetime.timezone.utc)
        if before.second == after.second:
            break
    hour, minute, second = hands(image)
    want = expected(before)
    assert difference(second, want[2]) <= 4, (second, want)
    assert difference(minute, want[1]) <= 3, (minute, want)
    assert difference(hour, want[0]) <= 5, (hour, want)
    return image


def close_request(display, window):
    """WM_DELETE_WINDOW, as a window manager sends it for the close button."""
    from Xlib import X, display as xdisplay, protocol

    connection = xdisplay.Display(display)
    target = connection.create_resource_object("window", int(window))
    protocols = connection.intern_atom("WM_PROTOCOLS")
    delete = connection.intern_atom("WM_DELETE_WINDOW")
    event = protocol.event.ClientMessage(window=target, client_type=protocols, data=(32, [delete, X.CurrentTime, 0, 0, 0]))
    target.send_event(event, event_mask=X.NoEventMask)
    connection.flush()
    connection.close()


def test_the_window_clock_shows_the_time_and_stays_round_when_resized(display, app, tmp_path):
    theme = tmp_path / "hands.json"
    theme.write_text(THEME)
    process = app("clock", "--window", "--size", "480x480", "--theme", str(theme))
    window = window_of(display, process)
    image = check_time(display, window)
    assert image.size == (480, 480)
    x(display, "xdotool", "windowmove", "--sync", window, "0", "0")  # a capture is cut at the screen's edge
    for width, height in [(900, 420), (360, 800)]:
        x(display, "xdotool", "windowsize", window, str(width), str(height))
        deadline = time.time() + 5
        while capture(display, window).size != (width, height):
            assert time.time() < deadline, "the window did not take its new size"
            time.sleep(0.05)
        image = check_time(display, window)
        (cx, cy), rx, ry = dial(image)
        assert abs(rx - ry) <= 2, f"the dial is not round at {width}x{height}: {rx} by {ry}"
        assert rx < min(width, height) / 2 and cx - rx > 0 and cy - ry > 0, "the dial is cut off"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=10) == 143


def test_close_request_q_and_sigterm_end_with_the_documented_codes(display, app):
    process = app("clock", "--window")
    window = window_of(display, process)
    # Under Xvfb with no window manager a close request was now and then lost (with SDL, about
    # one run in five): a second request, as a second click would be, is sent after a while.
    for _ in range(2):
        close_request(display, window)
        try:
            process.wait(timeout=3)
            break
        except subprocess.TimeoutExpired:
            pass
    assert process.wait(timeout=10) == 0

    process = app("timer", "5m", "--window")
    window = window_of(display, process)
    deadline = time.time() + 5
    while not re.fullmatch(r"[45]:\d\d timer - clockwork", x(display, "xdotool", "getwindowname", window).stdout.strip()):
        assert time.time() < deadline, "the title does not say the time left"
        time.sleep(0.05)
    # A click restarts it, as the countdown design's tap: from 4:58 back to 5:00.
    while not re.fullmatch(r"4:5[0-8] timer - clockwork", x(display, "xdotool", "getwindowname", window).stdout.strip()):
        assert time.time() < deadline + 5, "the timer does not run"
        time.sleep(0.05)
    x(display, "xdotool", "mousemove", "--window", window, "40", "40", "click", "1")
    deadline = time.time() + 5
    while not re.fullmatch(r"(5:00|4:59) timer - clockwork", x(display, "xdotool", "getwindowname", window).stdout.strip()):
        assert time.time() < deadline, "a click did not restart it"
        time.sleep(0.05)
    x(display, "xdotool", "windowfocus", "--sync", window)
    x(display, "xdotool", "key", "q")
    assert process.wait(timeout=10) == 130
    assert "keeps running" in process.stderr.read()
    cancel = app("timer", "--cancel")  # its watcher leaves with it
    assert cancel.wait(timeout=30) == 0, cancel.stderr.read()

    process = app("stopwatch", "--window")
    window_of(display, process)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=10) == 143
    assert not x(display, "xdotool", "search", "--pid", str(process.pid), check=False).stdout.strip(), "a window was left"


def ring_brightness(image):
    """How bright the ring is: the mean of the pixels on the ring's circle."""
    width, height = image.size
    centre = (width / 2, height / 2)
    radius = min(width, height) * 0.4
    pixels = image.load()
    values = []
    for step in range(360):
        angle = math.radians(step)
        values.append(sum(pixels[int(centre[0] + radius * math.sin(angle)), int(centre[1] - radius * math.cos(angle))]))
    return sum(values) / len(values)


def test_a_timer_flashes_at_zero_runs_exec_once_and_exits_0(display, app, tmp_path):
    log = tmp_path / "exec.log"
    process = app("timer", "2s", "--window", "--no-backdrop", "--exec", f"echo rang >> {log}")
    window = window_of(display, process)
    levels = []
    deadline = time.time() + 30
    while process.poll() is None and time.time() < deadline:
        try:
            levels.append(ring_brightness(capture(display, window)))
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            break  # the window closed meanwhile (import can then wait for it forever)
    assert process.wait(timeout=10) == 0
    assert log.read_text() == "rang\n"
    # At the end the ring flashes: bright and dim in turn, well apart.
    assert max(levels) - min(levels) > 60, levels


@pytest.mark.parametrize("display", [None, ""])
def test_without_a_display_it_says_so_and_exits_1(app, display):
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")}
    if display is not None:  # set but empty: said as unset, with no noise of GTK's before it
        environment.update(DISPLAY=display, WAYLAND_DISPLAY=display)
    result = subprocess.run([BINARY, "clock", "--window"], env=environment, capture_output=True, text=True, timeout=10)
    assert result.returncode == 1
    assert result.stderr == "clockwork: cannot open a window: neither DISPLAY nor WAYLAND_DISPLAY is set; run without --window to draw in the terminal\n"


def test_on_top_asks_to_be_kept_above_and_the_setting_does_it_for_every_window(display, app, tmp_path):
    def state(process):
        return x(display, "xprop", "-id", window_of(display, process), "_NET_WM_STATE").stdout

    assert "_NET_WM_STATE_ABOVE" in state(app("clock", "--window", "--on-top"))
    assert "_NET_WM_STATE_ABOVE" not in state(app("clock", "--window"))
    config = tmp_path / "config" / "clockwork"
    config.mkdir(parents=True)
    (config / "config.json").write_text('{ "onTop": true }')
    assert "_NET_WM_STATE_ABOVE" in state(app("stopwatch", "--window", "--new", env={"XDG_CONFIG_HOME": str(tmp_path / "config")}))
    refused = subprocess.run([BINARY, "clock", "--on-top"], capture_output=True, text=True, env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")})
    assert refused.returncode == 64 and "--on-top goes with --window" in refused.stderr, refused.stderr


def test_the_window_clocks_title_says_whether_the_system_clock_is_synchronised(display, app):
    process = app("clock", "--window", "--size", "320x320")
    window = window_of(display, process)
    name = x(display, "xdotool", "getwindowname", window).stdout.strip()
    assert ("(clock not synchronised)" in name) is not kernel_clock()[0], name
    process.terminate()
    process.wait(timeout=10)


def test_the_digital_face_in_a_window_says_the_time_and_draws_it(display, app):
    process = app("clock", "--window", "--face", "digital", "--size", "640x320")
    window = window_of(display, process)
    name = x(display, "xdotool", "getwindowname", window).stdout.strip()
    # The title says when the system clock is not synchronised, as the kernel says.
    note = "" if kernel_clock()[0] else r" \(clock not synchronised\)"
    found = re.fullmatch(r"(\d\d):(\d\d):(\d\d)" + note + " - clockwork", name)
    assert found, name
    now = datetime.datetime.now(datetime.timezone.utc)
    assert (now.hour * 3600 + now.minute * 60 + now.second - (int(found[1]) * 3600 + int(found[2]) * 60 + int(found[3]))) % 86400 in (0, 1, 2)
    image = capture(display, window)
    band = [image.getpixel((column, image.height // 2 - 20)) for column in range(image.width)]
    # The classic theme: black digits on its white dial, across the middle of the window.
    assert sum(1 for p in band if sum(p) < 150) > 20 and sum(1 for p in band if sum(p) > 700) > 100, band[::40]


def test_world_clocks_twelve_hours_apart_show_day_and_night(display, app):
    process = app("clock", "--window", "--size", "800x420", "--zone", "UTC", "--zone", "Etc/GMT-12")
    image = capture(display, window_of(display, process))
    # The same hands on both (twelve hours apart); the night face's dial is shaded.
    def dial(left):
        samples = [image.getpixel((left + dx, image.height // 2 + dy)) for dx in range(-60, 61, 6) for dy in (-70, 70)]
        return sum(sum(p) for p in samples) / (3 * len(samples))

    utc_now = datetime.datetime.now(datetime.timezone.utc)
    day, night = (dial(200), dial(600)) if 6 <= utc_now.hour < 18 else (dial(600), dial(200))
    assert day - night > 40, (day, night)


def test_a_compact_window_has_no_border_and_opens_where_it_was_last_put(display, app, tmp_path):
    from Xlib import display as xdisplay

    # GTK asks for no decorations through _MOTIF_WM_HINTS, an atom a window manager creates.
    connection = xdisplay.Display(display)
    hints = connection.intern_atom("_MOTIF_WM_HINTS")
    process = app("clock", "--window", "--compact")
    window = window_of(display, process)
    value = connection.create_resource_object("window", int(window)).get_full_property(hints, 0)
    connection.close()
    assert value is not None and value.value[0] & 2 and value.value[2] == 0, value  # decorations: none
    assert "Geometry: 240x240" in x(display, "xdotool", "getwindowgeometry", window).stdout
    x(display, "xdotool", "windowmove", window, "100", "150")
    deadline = time.time() + 5
    while "Position: 100,150" not in x(display, "xdotool", "getwindowgeometry", window).stdout:
        assert time.time() < deadline
        time.sleep(0.05)
    process.terminate()
    assert process.wait(timeout=10) == 143
    again = window_of(display, app("clock", "--window", "--compact"))
    assert "Position: 100,150" in x(display, "xdotool", "getwindowgeometry", again).stdout
    assert json.loads((tmp_path / "state" / "clockwork" / "compact-window.json").read_text())["value"] == {"x": 100, "y": 150}


def test_the_stopwatch_window_has_a_green_start_and_a_red_stop_that_a_click_presses(display, app):
    process = app("stopwatch", "--window", "--new", "--size", "400x560")
    window = window_of(display, process)

    def button(image):
        # The Start/Stop button: the right-hand circle of the row under the laps.
        pixels = [image.getpixel((x, y)) for x in range(280, 340, 4) for y in range(400, 440, 4)]
        return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))

    red, green, _ = button(capture(display, window))
    assert green > red + 10, (red, green)
    x(display, "xdotool", "mousemove", "--window", window, "310", "420", "click", "1")
    deadline = time.time() + 5
    while not x(display, "xdotool", "getwindowname", window).stdout.startswith("00:01"):
        assert time.time() < deadline, "a click on Start starts it"
        time.sleep(0.05)
    red, green, _ = button(capture(display, window))
    assert red > green + 10, (red, green)


def test_the_largest_window_ends_on_a_signal_while_it_draws(display, app):
    """An 8K window (the largest --size) takes its frames' time to draw; a signal does not wait
    for them: the run ends by it, with its status."""
    process = app("clock", "--window", "--size", "7680x4320", "--oscillator", "sweep")
    window_of(display, process, timeout=60)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=20) == 143, process.stderr.read()
