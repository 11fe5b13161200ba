"""Stamps in motion: `render clock|timer --frames N --fps F -o x.gif|x.webp` writes one looping
animation whose frames are the numbered stills `-o x.png` writes, at the stills' times. Read
back with Pillow (every frame, composited as a viewer shows it), `identify` (ImageMagick) and
`webpmux -info` (libwebp's own tool).

Run by `make test` (pytest).
"""
import os
import re
import subprocess

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
        image = Image.open(tmp_path / "t.gif")
        assert image.info.get("loop") == 0
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(image.info["duration"])
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
    if ext == "gif":
        image = Image.open(tmp_path / "q.gif")
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(image.info["duration"])
    else:
        durations = webp_durations(tmp_path / "q.webp")
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
