"""Every end-to-end test leaves nothing running, and the run ends only what it started.

The run has one temporary root of its own: pytest's temporary folders, TMPDIR and the state,
runtime and cache folders the tests inherit are all under it, and every program started from
the tests inherits a variable naming it. After each test, a process of ours (clockwork,
clockwork-alerts) that belongs to this run is ended and named; the run fails if any is still
alive when the suite ends. A user's clockwork, or another run's, under the same system
temporary folder is never touched."""
import os
import shutil
import signal
import subprocess
import tempfile
import time

import pytest

PROGRAMS = ("clockwork", "clockwork-alerts")
# What a test's session bus, or GLib's autolaunch of one where a test gave none, leaves behind:
# each test ends its own buses, so by the suite's end none may be left.
BUSES = ("dbus-daemon", "dbus-launch", "at-spi-bus-launcher", "at-spi2-registryd")
MARK = "CLOCKWORK_TEST_RUN"
LEAVING = 5  # seconds a process of ours has, after its test, to leave by itself
ENDED = []  # (test, pids) for the summary
RUN_ROOT = os.path.realpath(tempfile.mkdtemp(prefix="clockwork-tests-"))


def pytest_configure(config):
    if not config.option.basetemp:
        config.option.basetemp = os.path.join(RUN_ROOT, "pytest")
    # The run's own runtime and cache folders: the accessibility bus a test's session starts puts
    # its socket in the runtime folder (else in ~/.cache, where another run's would replace it),
    # and the raster cache goes to the cache folder, not the user's.
    runtime = os.path.join(RUN_ROOT, "runtime")
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    os.environ.update({MARK: RUN_ROOT, "TMPDIR": RUN_ROOT, "XDG_STATE_HOME": os.path.join(RUN_ROOT, "state"),
                       "XDG_RUNTIME_DIR": runtime, "XDG_CACHE_HOME": os.path.join(RUN_ROOT, "cache")})
    tempfile.tempdir = RUN_ROOT


def belongs_to_run(variables, root=None):
    """Whether a process with these environment variables was started by the run at `root`: it
    carries the run's mark, or keeps its state under the run's root."""
    root = root or RUN_ROOT
    found = dict(v.split(b"=", 1) for v in variables if b"=" in v)
    if found.get(MARK.encode()) == root.encode():
        return True
    state = found.get(b"XDG_STATE_HOME", b"").decode(errors="replace")
    return state == root or state.startswith(root + "/")


def our_processes(root=None, programs=PROGRAMS):
    """pid → state folder, for each process of ours that this run started."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.path.basename(os.readlink(f"/proc/{entry}/exe")) not in programs:
                continue
            with open(f"/proc/{entry}/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        if belongs_to_run(variables, root):
            state = next((v.split(b"=", 1)[1].decode() for v in variables if v.startswith(b"XDG_STATE_HOME=")), "")
            found[int(entry)] = state
    return found


def exited(pid):
    """Whether `pid` has exited with its files closed, its locks let go (a zombie, or gone). A
    process killed with -9 frees its memory first: for a moment its /proc/PID/exe cannot be
    read while it still holds its files."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def end(pids):
    """Kills each of `pids` and waits (up to 5 s) until each has exited."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not all(exited(pid) for pid in pids):
        time.sleep(0.02)


@pytest.fixture(scope="session", autouse=True)
def nothing_outlives_the_suite():
    yield
    left = our_processes()
    end(left)
    buses = our_processes(programs=BUSES)
    end(buses)
    with open("/proc/self/mounts") as mounts:
        still_mounted = any(RUN_ROOT in line for line in mounts)
    if not still_mounted:
        shutil.rmtree(RUN_ROOT, ignore_errors=True)
    assert not left, f"processes of ours outlived the suite: {left}"
    assert not buses, f"session or accessibility buses outlived the suite: {buses}"


@pytest.fixture(autouse=True)
def nothing_outlives_a_test(request):
    """A watcher leaves by itself once nothing it rings is pending, and a ringer once it has
    rung: what a test cancelled or let ring is given a few seconds to go. Anything still there
    is ended, and named in the summary."""
    yield
    deadline = time.monotonic() + LEAVING
    left = our_processes()
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = our_processes()
    if left:
        end(left)
        ENDED.append((request.node.nodeid, sorted(left)))


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KiB file system of its own, unmounted afterwards. Mounting needs root (CI runs as
    root); where it is refused the test is skipped with the reason."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {result.stderr.strip()}")
    yield mount_point
    subprocess.run(["umount", "-l", str(mount_point)], check=True)


def fill(folder):
    """Writes until the disk is full."""
    descriptor = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def pytest_terminal_summary(terminalreporter):
    for test, pids in ENDED:
        terminalreporter.write_line(f"left running by {test}, ended: {len(pids)} process(es)")
