"""The examples a Swift developer starts from (Examples/), built by `make test` with everything
else, run here as their comments say: custom-parts writes its face, window-clock shows the time
in a window of its own (under Xvfb, read back from its pixels) and quits on q."""
import datetime
import os
import subprocess
import time

from PIL import Image

from test_window import BINARY, angles_where, capture, dial, difference, display, expected, merged, red, session_bus, x  # noqa: F401  (fixtures)

EXAMPLES = os.path.dirname(BINARY)


def test_custom_parts_draws_its_own_second_hand_and_dial(tmp_path):
    face = tmp_path / "face.png"
    done = subprocess.run([os.path.join(EXAMPLES, "custom-parts"), str(face)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == f"wrote {face}", done.stdout + done.stderr
    with Image.open(face) as image:
        assert image.size == (400, 400)
        colours = image.convert("RGB").getcolors(400 * 400)
    orange = sum(count for count, (r, g, b) in colours if r > 240 and 130 < g < 170 and b < 40)
    cream = sum(count for count, (r, g, b) in colours if r > 220 and 200 < g < 225 and 185 < b < 210)
    assert orange > 50, "the second hand of its own (#FF9500)"
    assert cream > 1000, "the dial of its own (a gradient from #FDFCFB to #E2D1C3)"


def test_window_clock_shows_the_time_in_its_own_window_and_quits_on_q(display, session_bus):  # noqa: F811
    env = dict(os.environ, DISPLAY=display, TZ="UTC", DBUS_SESSION_BUS_ADDRESS=session_bus)
    env.pop("WAYLAND_DISPLAY", None)
    process = subprocess.Popen([os.path.join(EXAMPLES, "window-clock")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = None
        deadline = time.monotonic() + 30
        while window is None and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read()
            found = x(display, "xdotool", "search", "--onlyvisible", "--name", "^Recoil$", check=False).stdout.split()
            window = found[0] if found else None
            time.sleep(0.1)
        assert window is not None, "no window named Recoil"
        time.sleep(0.5)  # its first frame
        # Its classic face: the red second hand and the black minute hand where the time is.
        for _ in range(5):
            now = datetime.datetime.now(datetime.timezone.utc)
            time.sleep(1.25 - now.microsecond / 1e6)  # a quarter second into the next second
            before = datetime.datetime.now(datetime.timezone.utc)
            image = capture(display, window)
            if datetime.datetime.now(datetime.timezone.utc).second == before.second:
                break
        centre, rx, ry = dial(image)
        radius = min(rx, ry)
        second = merged(angles_where(image, centre, radius * 0.84, red))
        # Each dark run on the circle (not merged: a numeral's strokes lie a few degrees from the
        # minute hand, and merging the two moved it).
        minute = angles_where(image, centre, radius * 0.65, lambda p: max(p) < 80)
        want = expected(before)
        assert len(second) == 1 and difference(second[0], want[2]) <= 4, (second, want)
        # (Over a numeral the run is the two together: its middle within 6° of the hand.)
        assert any(difference(angle, want[1]) <= 6 for angle in minute), (minute, want)
        x(display, "xdotool", "windowfocus", "--sync", window)
        x(display, "xdotool", "key", "q")
        assert process.wait(timeout=15) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
