"""Stamps in motion: `render clock|timer --frames N --fps F -o x.gif|x.webp` writes one looping
animation whose frames are the numbered stills `-o x.png` writes, at the stills' times; `render
clock --animated -o x.svg` one SVG whose hands turn. Read back with Pillow (every frame,
composited as a viewer shows it), `identify` (ImageMagick), `webpmux -info` (libwebp's own
tool), librsvg (which draws an SVG still) and headless Chromium (which animates it).

Run by `make test` (pytest).
"""
import math
import os
import re
import shutil
import subprocess
from xml.etree import ElementTree

import pytest
from PIL import Image, ImageChops

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(ROOT, ".build", "debug", "clockwork"))


def render(*arguments):
    result = subprocess.run([BINARY, "render", *arguments], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result


def frames(path):
    """Each frame of an animation as a viewer shows it (RGBA), with Pillow's own compositing."""
    image = Image.open(path)
    shown = []
    for index in range(image.n_frames):
        image.seek(index)
        shown.append(image.convert("RGBA"))
    return shown


def on_white(image):
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image.convert("RGBA")).convert("RGB")


def difference(a, b):
    """Mean absolute difference of two pictures' channels, 0 to 255."""
    histogram = ImageChops.difference(on_white(a), on_white(b)).histogram()
    return sum(value * count for index, count in enumerate(histogram) for value in [index % 256]) / (a.size[0] * a.size[1] * 3)


def gif_durations(path):
    """Each frame's duration in milliseconds, as Pillow reads the GIF."""
    image = Image.open(path)
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info["duration"])
    return durations


def webp_durations(path):
    """Each frame's duration in milliseconds, as libwebp's webpmux reads the file."""
    info = subprocess.run(["webpmux", "-info", str(path)], capture_output=True, text=True, check=True).stdout
    return [int(row.split()[6]) for row in info.splitlines() if re.match(r"\s*\d+:", row)]


@pytest.mark.parametrize("ext", ["gif", "webp"])
def test_a_sweeping_clock_is_one_animation_of_its_frames_at_their_times(tmp_path, ext):
    """30 frames at 10 a second: one file of 30 frames 100 ms apart, looping, each frame the
    still of its moment (closer to it than to the stills a frame before and after)."""
    common = ["clock", "--at", "10:08:42", "--zone", "UTC", "--oscillator", "sweep", "--size", "160"]
    render(*common, "--frames", "30", "--fps", "10", "-o", str(tmp_path / f"t.{ext}"))
    render(*common, "--frames", "30", "--fps", "10", "-o", str(tmp_path / "still.png"))
    assert set(os.listdir(tmp_path)) == {f"t.{ext}"} | {f"still-{i:04}.png" for i in range(1, 31)}
    shown = frames(tmp_path / f"t.{ext}")
    assert len(shown) == 30
    identified = subprocess.run(["identify", str(tmp_path / f"t.{ext}")], capture_output=True, text=True)
    if ext == "gif":  # ImageMagick 6 reads GIF frames (and WebP's first only)
        assert len(identified.stdout.splitlines()) == 30
        assert Image.open(tmp_path / "t.gif").info.get("loop") == 0
        durations = gif_durations(tmp_path / "t.gif")
    else:
        durations = webp_durations(tmp_path / "t.webp")
    assert durations == [100] * 30
    stills = [Image.open(tmp_path / f"still-{i:04}.png") for i in range(1, 31)]
    # A sweeping hand moves 0.6° a frame: compare with the stills 5 frames (3°) either side.
    for index in range(0, 30, 3):
        own = difference(shown[index], stills[index])
        assert own < 2.5, (index, own)
        for other in (index - 5, index + 5):
            if 0 <= other < 30:
                assert difference(shown[index], stills[other]) > own, (index, other)


@pytest.mark.parametrize("ext", ["gif", "webp"])
def test_frames_that_change_nothing_add_their_time_to_the_one_before(tmp_path, ext):
    """A quartz hand jumps once a second: 25 frames at 10 a second are 3 pictures, shown 1 s,
    1 s and 0.5 s; the file keeps the frames' times, not their copies."""
    render("clock", "--at", "10:08:42", "--zone", "UTC", "--size", "160", "--frames", "25", "--fps", "10",
           "-o", str(tmp_path / f"q.{ext}"))
    durations = gif_durations(tmp_path / "q.gif") if ext == "gif" else webp_durations(tmp_path / "q.webp")
    assert durations == [1000, 1000, 500]


def test_the_ring_animates_with_its_backdrop_and_a_webp_keeps_transparency(tmp_path):
    render("timer", "--remaining", "10s", "--total", "1m", "--backdrop", "--size", "120", "--frames", "20",
           "--fps", "20", "-o", str(tmp_path / "ring.webp"))
    render("timer", "--remaining", "10s", "--total", "1m", "--size", "120", "-o", str(tmp_path / "clear.webp"))
    shown = frames(tmp_path / "ring.webp")
    assert len(shown) > 10  # the pulse and the backdrop move (a frame that shows no change is merged)
    assert sum(webp_durations(tmp_path / "ring.webp")) == 1000
    assert shown[0].getpixel((0, 0))[3] == 255  # the backdrop fills the corners
    assert frames(tmp_path / "clear.webp")[0].getpixel((0, 0))[3] == 0  # no backdrop: transparent


def test_too_many_pixels_are_refused_before_any_work(tmp_path):
    result = subprocess.run([BINARY, "render", "clock", "--size", "4096", "--frames", "100", "-o", str(tmp_path / "big.gif")],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 64
    assert "100 frames of 4096×4096 are 1677 million pixels; an animation may have 250 million" in result.stderr
    assert os.listdir(tmp_path) == []


def second_hand_angle(path):
    """The second hand's angle (degrees clockwise from 12) in a picture of a face filling it:
    where the red reaches furthest along rays from the centre."""
    image = Image.open(path).convert("RGB")
    centre = image.size[0] / 2
    best = (-1, None)
    for tenth in range(3600):
        angle = math.radians(tenth / 10)
        score = 0
        for reach in (0.45, 0.55, 0.65, 0.75):
            x, y = centre + math.sin(angle) * reach * centre, centre - math.cos(angle) * reach * centre
            r, g, b = image.getpixel((int(x), int(y)))
            score += r > 150 and g < 90 and b < 90
        if score > best[0]:
            best = (score, tenth / 10)
    return best[1]


def mismatch(a, b, tolerance=8):
    """The share of pixels where any channel differs by more than `tolerance` (the image tests'
    measure)."""
    difference = ImageChops.difference(Image.open(a).convert("RGBA"), Image.open(b).convert("RGBA"))
    return sum(1 for pixel in difference.getdata() if max(pixel) > tolerance) / (difference.size[0] * difference.size[1])


def chromium_screenshot(svg, milliseconds, folder):
    """Headless Chromium's picture of `svg` played to `milliseconds` after it began: a copy of
    it whose script pauses its timeline there (SVG's own setCurrentTime), so the picture does
    not depend on how fast the machine loads and draws it."""
    played = folder / f"{svg.stem}-at-{milliseconds}.svg"
    script = (f"<script>document.documentElement.pauseAnimations();"
              f"document.documentElement.setCurrentTime({milliseconds / 1000});</script></svg>")
    played.write_text(svg.read_text().rstrip().removesuffix("</svg>") + script)
    profile = folder / f"profile-{milliseconds}"
    shot = folder / f"chromium-{milliseconds}.png"
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--user-data-dir={profile}",
                    "--window-size=512,512", "--virtual-time-budget=500", f"--screenshot={shot}", played.as_uri()],
                   capture_output=True, timeout=120, check=True)
    return shot


def test_an_animated_svg_clock_turns_its_hands_from_the_moment_shown(tmp_path):
    """One SVG: the dial once, three hands each turned by an animateTransform. librsvg (which
    does not animate) draws it as the still stamp of the moment; Chromium, 5 s into it,
    shows the second hand 5 ticks on."""
    moment = ["clock", "--at", "10:08:42", "--zone", "UTC"]
    render(*moment, "--animated", "-o", str(tmp_path / "f.svg"))
    render(*moment, "-o", str(tmp_path / "f.png"))
    render(*moment, "-o", str(tmp_path / "still.svg"))
    document = ElementTree.parse(tmp_path / "f.svg")
    animations = document.getroot().findall(".//{http://www.w3.org/2000/svg}animateTransform")
    assert len(animations) == 3
    assert [a.get("calcMode") for a in animations] == [None, None, "discrete"]  # hour, minute, quartz second
    for name in ("f", "still"):
        subprocess.run(["rsvg-convert", "-o", str(tmp_path / f"{name}-rsvg.png"), str(tmp_path / f"{name}.svg")], check=True)
    # The same drawing as the still SVG's (librsvg both), and as close to the PNG as that one
    # (librsvg's glyph edges differ from ours by under a percent of the pixels).
    assert mismatch(tmp_path / "f-rsvg.png", tmp_path / "still-rsvg.png") < 0.005
    assert mismatch(tmp_path / "f-rsvg.png", tmp_path / "f.png") < mismatch(tmp_path / "still-rsvg.png", tmp_path / "f.png") + 0.005
    assert abs(second_hand_angle(tmp_path / "f-rsvg.png") - 252) <= 1
    if shutil.which("chromium") is None:
        pytest.skip("chromium is not installed (scripts/setup --tests installs it)")
    assert abs(second_hand_angle(chromium_screenshot(tmp_path / "f.svg", 0, tmp_path)) - 252) <= 1
    assert abs(second_hand_angle(chromium_screenshot(tmp_path / "f.svg", 5000, tmp_path)) - 282) <= 1


@pytest.mark.parametrize("oscillator,mode", [("sweep", None), ("recoil", None), ("mechanical", "discrete")])
def test_each_oscillator_turns_its_own_way_and_starts_at_the_moment(tmp_path, oscillator, mode):
    moment = ["clock", "--at", "10:08:42", "--zone", "UTC", "--oscillator", oscillator, "--size", "256"]
    render(*moment, "--animated", "-o", str(tmp_path / "f.svg"))
    render(*moment, "-o", str(tmp_path / "still.svg"))
    second = ElementTree.parse(tmp_path / "f.svg").getroot().findall(".//{http://www.w3.org/2000/svg}animateTransform")[2]
    assert second.get("calcMode") == mode and second.get("dur") == "60s" and second.get("begin") == "-42s"
    for name in ("f", "still"):
        subprocess.run(["rsvg-convert", "-o", str(tmp_path / f"{name}.png"), str(tmp_path / f"{name}.svg")], check=True)
    assert mismatch(tmp_path / "f.png", tmp_path / "still.png") < 0.005


def test_animated_needs_an_svg_of_an_analog_face(tmp_path):
    for arguments in (["-o", str(tmp_path / "f.png")], ["--frames", "3", "-o", str(tmp_path / "f.svg")],
                      ["--face", "digital", "-o", str(tmp_path / "f.svg")]):
        result = subprocess.run([BINARY, "render", "clock", "--animated", *arguments], capture_output=True, text=True, timeout=30)
        assert result.returncode == 64 and "--animated writes one SVG of an analog face" in result.stderr, result.stderr
    assert os.listdir(tmp_path) == []


def arc_end(path, radius=0.4):
    """Where the ring's coloured arc ends (degrees clockwise from 12) on its circle: the first
    grey pixel after 12 o'clock, where the arc starts."""
    image = Image.open(path).convert("RGB")
    centre = image.size[0] / 2
    for tenth in range(3600):
        angle = math.radians(tenth / 10)
        r, g, b = image.getpixel((int(centre + math.sin(angle) * radius * centre * 2), int(centre - math.cos(angle) * radius * centre * 2)))
        if max(r, g, b) - min(r, g, b) <= 60:
            return tenth / 10
    return 360


def test_an_animated_svg_ring_fills_and_counts_down_as_the_design_times_it(tmp_path):
    """One SVG: librsvg draws it as the still with the pulse at its start; in Chromium, 5 s on,
    the arc has grown by 5 s of the minute (30°)."""
    ring = ["timer", "--remaining", "42s", "--total", "1m"]
    render(*ring, "--animated", "-o", str(tmp_path / "t.svg"))
    render(*ring, "--pulse-phase", "0", "-o", str(tmp_path / "still.svg"))
    render(*ring, "--pulse-phase", "0", "-o", str(tmp_path / "still.png"))
    root = ElementTree.parse(tmp_path / "t.svg").getroot()
    svg = "{http://www.w3.org/2000/svg}"
    assert [a.get("attributeName") for a in root.iter(f"{svg}animate")] == ["opacity", "stroke-dasharray"]
    texts = [t.text or "".join(t.itertext()) for t in root.iter(f"{svg}text")]
    assert texts[0] == "0:42.0" and texts[-1] == "0:00.0" and len(texts) == 421  # a tenth each
    for name in ("t", "still"):
        subprocess.run(["rsvg-convert", "-o", str(tmp_path / f"{name}-rsvg.png"), str(tmp_path / f"{name}.svg")], check=True)
    assert mismatch(tmp_path / "t-rsvg.png", tmp_path / "still-rsvg.png") < 0.005
    assert mismatch(tmp_path / "t-rsvg.png", tmp_path / "still.png") < 0.01
    assert abs(arc_end(tmp_path / "t-rsvg.png") - arc_end(tmp_path / "still.png")) <= 1
    if shutil.which("chromium") is None:
        pytest.skip("chromium is not installed (scripts/setup --tests installs it)")
    start = arc_end(chromium_screenshot(tmp_path / "t.svg", 0, tmp_path))
    later = arc_end(chromium_screenshot(tmp_path / "t.svg", 5000, tmp_path))
    assert abs(later - start - 30) <= 2, (start, later)


def test_an_animated_ring_with_its_backdrop_cycles_the_designs_colours(tmp_path):
    render("timer", "--remaining", "5m", "--total", "10m", "--backdrop", "--animated", "-o", str(tmp_path / "t.svg"))
    root = ElementTree.parse(tmp_path / "t.svg").getroot()
    svg = "{http://www.w3.org/2000/svg}"
    cycles = [a for a in root.iter(f"{svg}animate") if a.get("attributeName") == "stop-color"]
    assert [a.get("values") for a in cycles] == ["#3DACF7;#CE0755;#F5B433;#3DACF7", "#CE0755;#F5B433;#3DACF7;#CE0755"]
    assert all(a.get("dur") == "9s" for a in cycles)
    texts = [t.text or "".join(t.itertext()) for t in root.iter(f"{svg}text")]
    # Whole seconds to the last minute, then tenths: 240 + 600 + the end.
    assert texts[:2] == ["5:00", "4:59"] and "1:00" in texts and "0:59.9" in texts and len(texts) == 841


def test_an_animated_ring_counts_down_at_most_an_hour(tmp_path):
    result = subprocess.run([BINARY, "render", "timer", "--remaining", "2h", "--total", "3h", "--animated", "-o", str(tmp_path / "t.svg")],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 64 and "--animated counts down at most 1:00:00 (a text a second), got 2:00:00" in result.stderr, result.stderr
    assert os.listdir(tmp_path) == []
