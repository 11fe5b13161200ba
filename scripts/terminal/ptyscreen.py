"""Run a program in a pseudo-terminal and read its screen with pyte (a terminal emulator).

Used by the end-to-end tests (Tests/terminal) and by scripts/screenshot.
"""
import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import tempfile
import termios
import time

import pyte

from .answers import replies


class AnsweringScreen(pyte.Screen):
    """A pyte screen that answers device attributes (pyte's own reply) through `answer`, set
    once the pseudo-terminal exists."""

    answer = None

    def write_process_input(self, data):
        if self.answer:
            self.answer(data.encode())


class PtyApp:
    """A child process on a pseudo-terminal of `columns`×`rows`, its output fed to pyte.

    `background` (r, g, b), if given, is the colour the terminal says it has when asked; with
    `palette` it reports its palette entries (OSC 4) when asked, as xterm does."""

    def __init__(self, argv, columns=100, rows=40, env=None, pixels=(0, 0), background=None, palette=False):
        self.columns, self.rows = columns, rows
        self.screen = AnsweringScreen(columns, rows)
        self.background, self.palette = background, palette
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.partial = b""
        # A modern terminal: truecolor and UTF-8, whatever the caller's locale.
        environment = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_CTYPE")}
        environment.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8"})
        # A state folder of its own unless the caller names one: saved stopwatches and timers
        # of the user's must not leak in.
        self.own_state = None if "XDG_STATE_HOME" in (env or {}) else tempfile.mkdtemp(prefix="ptyapp-state-")
        if self.own_state:
            environment["XDG_STATE_HOME"] = self.own_state
        environment.update(env or {})
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # As a shell starts a foreground job: a harness run in the background (`cmd &` in
            # a script) has SIGINT and SIGQUIT ignored, and an ignored signal stays ignored
            # across exec, so `status --follow` (which keeps the default) never ended on SIGINT.
            for number in (signal.SIGINT, signal.SIGQUIT):
                signal.signal(number, signal.SIG_DFL)
            os.execvpe(argv[0], argv, environment)
        self.resize(columns, rows, pixels)
        self.status = None
        self.screen.answer = self.send

    def resize(self, columns, rows, pixels=(0, 0)):
        """New size in cells and, as a terminal may report it, in pixels (width, height)."""
        self.columns, self.rows = columns, rows
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, *pixels))
        self.screen.resize(rows, columns)

    def pump(self, seconds):
        """Reads output for `seconds` (or until the child closes the terminal)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                self.read_chunk(left)
            except EOFError:
                return

    def read_chunk(self, timeout):
        """Reads one chunk of output, waiting up to `timeout` seconds. Returns when it arrived
        (time.monotonic(), taken before the screen is updated), or None if nothing came.
        Raises EOFError once the child has closed the terminal."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            raise EOFError from None
        arrived = time.monotonic()
        if not data:
            raise EOFError
        self.raw += data
        # Answered before pyte sees the device-attributes query that follows them, as in order.
        answer = replies(data, background=self.background, palette=self.palette)
        if answer:
            self.send(answer)
        self.stream.feed(self.without_pictures(data))
        return arrived

    def without_pictures(self, data):
        """`data` less sixel (DCS) and kitty (APC) pictures, which pyte would show as text;
        they stay in `raw`. A picture cut by a read is kept until its end arrives."""
        data = self.partial + data
        self.partial = b""
        out = bytearray()
        while data:
            start = min((i for i in (data.find(b"\x1bP"), data.find(b"\x1b_")) if i >= 0), default=-1)
            if start < 0:
                # A lone ESC at the end may open a picture in the next read.
                keep = 1 if data.endswith(b"\x1b") else 0
                out += data[:len(data) - keep]
                self.partial = data[len(data) - keep:]
                break
            out += data[:start]
            end = data.find(b"\x1b\\", start)
            if end < 0:
                self.partial = data[start:]
                break
            data = data[end + 2:]
        return bytes(out)

    def pump_until(self, predicate, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate(self):
                return True
            self.pump(0.05)
            if self.poll() is not None:
                self.pump(0.1)
                return predicate(self)
        return predicate(self)

    def send(self, text):
        os.write(self.fd, text.encode() if isinstance(text, str) else text)

    def kill(self, sig):
        os.kill(self.pid, sig)

    def poll(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def wait(self, timeout=10):
        end = time.monotonic() + timeout
        while self.poll() is None and time.monotonic() < end:
            self.pump(0.05)
        self.pump(0.05)
        return self.status

    def text(self):
        return "\n".join(self.screen.display)

    def close(self):
        """Ends the child, and removes the state folder made for it (a watcher it left holds
        nothing then: the suite's conftest ends it)."""
        if self.own_state:
            shutil.rmtree(self.own_state, ignore_errors=True)
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            self.wait(2)
        try:
            os.close(self.fd)
        except OSError:
            pass
