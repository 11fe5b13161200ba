"""End-to-end tests of `--window` under a real X server (Xvfb): the app draws, ImageMagick's
`import` captures the window from outside, xdotool resizes it and types, and the pixels are
read back with Pillow. No window manager runs: a close request is sent as one would send it
(a WM_DELETE_WINDOW client message, through python-xlib).

Run by `make test` (pytest). Time is real: the tests wait for what the window shows, with time
limits, and never assert how long anything took.
"""
import datetime
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

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (scripts/setup installs it)")


@pytest.fixture(scope="module")
def display():
    """A private X server for this module's tests."""
    for number in range(90, 140):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            break
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{number}"):
        assert server.poll() is None and time.time() < deadline, "Xvfb did not start"
        time.sleep(0.05)
    yield f":{number}"
    server.terminate()
    server.wait()


@pytest.fixture
def app(display, tmp_path):
    started = []

    def start(*args, env=None):
        environment = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)}
        environment.update(DISPLAY=display, TZ="UTC", XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"), **(env or {}))
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


def window_of(display, process, timeout=10):
    """The X window id of the app's window, once it is mapped."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        assert process.poll() is None, f"the app ended: {process.stderr.read()}"
        found = x(display, "xdotool", "search", "--onlyvisible", "--pid", str(process.pid), check=False).stdout.split()
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError("no window appeared")


def capture(display, window):
    png = subprocess.run(["import", "-window", window, "png:-"], env=dict(os.environ, DISPLAY=display), capture_output=True, check=True).stdout
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
    runs, start = [], None
    for index in range(720 * 2):
        on = hits[index % 720]
        if on and start is None:
            start = index
        elif not on and start is not None:
            if start < 720:
                runs.append(((start + index - 1) / 2 / 2) % 360)
            start = None
    return sorted(set(round(run, 1) for run in runs))


def difference(a, b):
    return abs((a - b + 180) % 360 - 180)


def red(pixel):
    r, g, b = pixel
    return r > 150 and g < 90 and b < 90


def dark(pixel):
    return sum(pixel) < 3 * 90


def reach(image, centre, radius, angle):
    """How far from the centre a dark line along `angle` goes (as a fraction of `radius`)."""
    pixels = image.load()
    length, gap = 0.25, 0
    for step in range(25, 100):
        r = radius * step / 100
        px = centre[0] + r * math.sin(math.radians(angle))
        py = centre[1] - r * math.cos(math.radians(angle))
        if dark(pixels[int(round(px)), int(round(py))]):
            length, gap = step / 100, 0
        else:
            gap += 1
            if gap > 2:
                break
    return length


def hands(image):
    """The hour, minute and second hands' angles read from the pixels: the second hand is the
    red line across the outer dial; of the dark lines near the centre, the long one is the
    minute hand and the short one the hour hand (one line when they overlap)."""
    centre, rx, ry = dial(image)
    radius = min(rx, ry)
    second = angles_where(image, centre, radius * 0.84, red)
    assert len(second) == 1, second
    near = [a for a in angles_where(image, centre, radius * 0.3, dark) if difference(a, second[0]) > 5]
    assert 1 <= len(near) <= 2, near
    ranked = sorted(near, key=lambda a: reach(image, centre, radius, a))
    minute = ranked[-1]
    assert reach(image, centre, radius, minute) > 0.65, "no long hand"
    hour = ranked[0] if len(ranked) == 2 else minute
    return hour, minute, second[0]


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
    assert difference(hour, want[0]) <= 4, (hour, want)
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


def test_the_window_clock_shows_the_time_and_stays_round_when_resized(display, app):
    process = app("clock", "--window", "--size", "480x480")
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
    close_request(display, window_of(display, process))
    assert process.wait(timeout=10) == 0

    process = app("timer", "5m", "--window")
    window = window_of(display, process)
    deadline = time.time() + 5
    while not re.fullmatch(r"[45]:\d\d left - clockwork", x(display, "xdotool", "getwindowname", window).stdout.strip()):
        assert time.time() < deadline, "the title does not say the time left"
        time.sleep(0.05)
    x(display, "xdotool", "windowfocus", "--sync", window)
    x(display, "xdotool", "key", "q")
    assert process.wait(timeout=10) == 130
    assert "keeps running" in process.stderr.read()

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
    while process.poll() is None:
        try:
            levels.append(ring_brightness(capture(display, window)))
        except subprocess.CalledProcessError:
            break  # the window closed meanwhile
    assert process.wait(timeout=10) == 0
    assert log.read_text() == "rang\n"
    # At the end the ring flashes: bright and dim in turn, well apart.
    assert max(levels) - min(levels) > 60, levels


def test_without_a_display_it_says_so_and_exits_1(app):
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([BINARY, "clock", "--window"], env=environment, capture_output=True, text=True, timeout=10)
    assert result.returncode == 1
    assert result.stderr == "clockwork: cannot open a window: neither DISPLAY nor WAYLAND_DISPLAY is set; run without --window to draw in the terminal\n"
