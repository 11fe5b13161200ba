"""A terminal of two million cells (2000×1000): every live mode draws in it, and a signal still
ends it with the terminal put back. Its output is read as bytes, not through pyte."""
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time

import subprocess

import pytest

from test_live import BINARY
from test_persistence import watcher_gone

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def run_huge(argv, env):
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 1000, 2000, 0, 0))
        os.execvpe(argv[0], argv, {**os.environ, "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", **env})
    return pid, fd


def read_until(fd, done, timeout=60):
    """Output until `done(output)`, the terminal is closed, or `timeout` seconds."""
    output = bytearray()
    deadline = time.monotonic() + timeout
    while not done(output) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 1 << 20)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
    return output


@pytest.mark.parametrize("mode", [["clock"], ["clock", "--face", "digital"], ["timer", "5m"], ["stopwatch"]])
def test_every_mode_draws_on_two_million_cells_and_a_signal_ends_it(tmp_path, mode):
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    pid, fd = run_huge([BINARY, *mode], env)
    try:
        # A frame is drawn (the screen cleared, then more than a few lines' worth), and the mode
        # goes on for another two seconds.
        drawn = read_until(fd, lambda out: len(out.partition(b"\x1b[2J")[2]) > 2000)
        drawn += read_until(fd, lambda out: False, timeout=2)
        assert os.waitpid(pid, os.WNOHANG) == (0, 0), f"{mode} ended by itself: {drawn[-400:]!r}"
        os.kill(pid, signal.SIGTERM)
        rest = read_until(fd, lambda out: LEAVE_ALTERNATE_SCREEN in out, timeout=30)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 143, f"{mode}: ended by {os.waitstatus_to_exitcode(status)}"
        assert LEAVE_ALTERNATE_SCREEN in drawn + rest, "the terminal is put back"
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
        if mode[0] == "timer":  # it goes on after its window: ended here, with its watcher
            subprocess.run([BINARY, "timer", "--cancel"], env={**os.environ, **env}, capture_output=True, timeout=10)
            watcher_gone(tmp_path)
