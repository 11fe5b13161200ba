"""A kill -9 of the watcher at each millisecond after a sequence's phase ends, and of the ringer
it had started by then, then one command: no phase is lost. `make test` sweeps a few
instants; CLOCKWORK_SWEEP=full sweeps every millisecond of the first 25 (BENCHMARKS.md)."""
import json
import os
import signal
import subprocess
import time

import conftest
import pytest
from test_alerts import BINARY, NotificationServer, wait_for, watcher_pid, world  # noqa: F401

OFFSETS = range(25) if os.environ.get("CLOCKWORK_SWEEP") == "full" else [0, 2, 5]


@pytest.mark.parametrize("offset", OFFSETS)
def test_a_kill_at_any_millisecond_of_a_phase_change_loses_no_phase(world, offset):
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "--sequence", "a 1s, b 1s", "--plain", "--name", "s"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    saved = tmp_path / "state" / "clockwork" / "timers" / "s.json"
    ends = json.loads(saved.read_text())["value"]["endsAt"]
    watcher = watcher_pid(tmp_path)
    while time.time() < ends + offset / 1000:
        pass
    os.kill(watcher, signal.SIGKILL)
    late_ms = (time.time() - ends) * 1000
    # And a ringer it had started by then, once found.
    ringers = [pid for pid in conftest.our_processes(str(tmp_path)) if pid != watcher]
    conftest.end([watcher, *ringers])  # each gone, its locks let go, before the next command
    assert all(conftest.exited(pid) for pid in [watcher, *ringers])
    ringer_ms = (time.time() - ends) * 1000
    print(f"offset {offset} ms: watcher killed at {late_ms:.2f} ms, {len(ringers)} ringer(s) by {ringer_ms:.2f} ms")  # -s
    listed = subprocess.run([BINARY, "timer", "--list"], env=env, capture_output=True, text=True, timeout=30)
    assert listed.returncode == 0, listed.stderr
    assert wait_for(lambda: any(n[0] == "b done — s finished" for n in server.notifications()), timeout=20), \
        f"killed at {late_ms:.2f} ms: " + " | ".join(n[0] for n in server.notifications())
    summaries = [n[0] for n in server.notifications()]
    assert "a done — b 0:01 starts" in summaries, summaries
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
