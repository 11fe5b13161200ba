"""Real faults under the state folder: a full disk (a 64 KiB tmpfs filled up) and a read-only
mount. Mounting needs root (CI runs as root); where it is refused the tests are skipped with
the reason. Time is real: the plain modes run for a second or two; nothing asserts how long
anything took.
"""
import json
import os
import signal
import subprocess
import time

import pytest

from conftest import fill

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))


def read_only(folder):
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def clockwork(*args, state, input=None, timeout=20, env=None):
    environment = dict(os.environ, XDG_STATE_HOME=str(state), **(env or {}))
    return subprocess.run([BINARY, *args], input=input, capture_output=True, text=True, timeout=timeout, env=environment)


def test_a_plain_timer_on_a_full_disk_says_it_was_not_saved(small_disk):
    (small_disk / "state").mkdir()
    fill(small_disk)
    result = clockwork("timer", "1s", "--plain", state=small_disk / "state")
    assert result.returncode == 0  # it still counts down and rings
    assert "warning: timer 'timer': state could not be saved" in result.stderr
    assert "No space left on device" in result.stderr


def test_a_plain_stopwatch_on_a_full_disk_says_its_laps_were_not_saved(small_disk):
    (small_disk / "state").mkdir()
    fill(small_disk)
    result = clockwork("stopwatch", "--plain", state=small_disk / "state", input="\n\n\n")
    assert "lap 3" in result.stdout
    assert "warning: the stopwatch state could not be saved" in result.stderr, result.stderr
    assert result.stderr.count("could not be saved") == 1  # said once, not for each lap


def test_cancel_on_a_read_only_folder_fails_and_keeps_the_timer(small_disk):
    timers = small_disk / "state" / "clockwork" / "timers"
    timers.mkdir(parents=True)
    stored = {"version": 1, "value": {"name": "x", "duration": 600, "endsAt": time.time() + 600}}
    (timers / "x.json").write_text(json.dumps(stored))
    read_only(small_disk)
    result = clockwork("timer", "--cancel", "--name", "x", state=small_disk / "state")
    assert result.returncode == 1
    assert "cannot cancel timer 'x'" in result.stderr and "Read-only file system" in result.stderr, result.stderr
    assert "cancelled" not in result.stdout
    assert (timers / "x.json").exists()


@pytest.mark.parametrize("frames", ["1", "3"])
def test_a_stamp_into_a_read_only_folder_is_a_runtime_failure_not_a_usage_error(small_disk, tmp_path, frames):
    read_only(small_disk)
    result = clockwork("render", "clock", "--size", "32", "--frames", frames, "-o", str(small_disk / "a.png"), state=tmp_path / "state")
    assert result.returncode == 1, result
    assert f"cannot write {small_disk / 'a.png'}: the folder {small_disk} cannot be written (Read-only file system)" in result.stderr, result.stderr
    assert "Usage:" not in result.stderr
    missing = clockwork("render", "clock", "-o", str(small_disk / "nowhere" / "a.png"), state=tmp_path / "state")
    assert missing.returncode == 64, "a folder that is not there is a mistake in the command"


def test_an_unwritable_home_gives_the_real_reason(small_disk):
    read_only(small_disk)
    environment = {k: v for k, v in os.environ.items() if k != "XDG_STATE_HOME"}
    environment["HOME"] = str(small_disk)
    result = subprocess.run([BINARY, "stopwatch", "--plain"], input="", capture_output=True, text=True, timeout=20, env=environment)
    assert "Read-only file system" in result.stderr, result.stderr
    assert "No such file or directory" not in result.stderr


def test_a_second_plain_stopwatch_takes_no_laps_it_cannot_save(tmp_path):
    """The first owns the stopwatch; the second shows it read-only, and a line of input there is
    refused out loud rather than printed as a lap that is never saved."""
    environment = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    owner = subprocess.Popen([BINARY, "stopwatch", "--plain"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    try:
        owner.stdout.readline()  # it runs, and holds the lock
        second = subprocess.run([BINARY, "stopwatch", "--plain"], input="\n", capture_output=True, text=True, timeout=20, env=environment)
        assert "lap 1" not in second.stdout, second.stdout
        assert "lap not taken: another clockwork owns this stopwatch" in second.stderr, second.stderr
    finally:
        owner.send_signal(signal.SIGTERM)
        owner.wait(timeout=10)
    stored = json.loads((tmp_path / "clockwork" / "stopwatch.json").read_text())
    assert stored["value"]["laps"] == []
