"""Every end-to-end test leaves nothing running: after each test, a process of ours (clockwork,
clockwork-alerts) that the test started with a temporary state folder is ended and named; the
run fails if any is still alive when the suite ends."""
import os
import signal
import tempfile
import time

import pytest

PROGRAMS = ("clockwork", "clockwork-alerts")
ENDED = []  # (test, pids) for the summary
# Where the tests' state folders are: temporary ones, and the one `make test` gives them all.
ROOTS = [tempfile.gettempdir()] + ([os.environ["XDG_STATE_HOME"]] if os.environ.get("XDG_STATE_HOME", "").startswith("/") else [])


def our_processes():
    """pid → state folder, for each process of ours whose state folder is a temporary one."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.path.basename(os.readlink(f"/proc/{entry}/exe")) not in PROGRAMS:
                continue
            with open(f"/proc/{entry}/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        state = next((v.split(b"=", 1)[1].decode() for v in variables if v.startswith(b"XDG_STATE_HOME=")), "")
        if any(state == root or state.startswith(root + "/") for root in ROOTS):
            found[int(entry)] = state
    return found


def end(pids):
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and set(pids) & set(our_processes()):
        time.sleep(0.05)


@pytest.fixture(scope="session", autouse=True)
def nothing_outlives_the_suite():
    before = set(our_processes())
    yield
    left = {pid: state for pid, state in our_processes().items() if pid not in before}
    end(left)
    assert not left, f"processes of ours outlived the suite: {left}"


@pytest.fixture(autouse=True)
def nothing_outlives_a_test(request):
    before = set(our_processes())
    yield
    left = {pid: state for pid, state in our_processes().items() if pid not in before}
    if left:
        end(left)
        ENDED.append((request.node.nodeid, sorted(left)))


def pytest_terminal_summary(terminalreporter):
    for test, pids in ENDED:
        terminalreporter.write_line(f"left running by {test}, ended: {len(pids)} process(es)")
