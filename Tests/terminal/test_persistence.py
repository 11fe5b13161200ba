"""Nothing lost: stopwatches and timers survive kills, restarts, second windows and bad files.

Each test keeps its state in a folder of its own (XDG_STATE_HOME).
"""
import json
import os
import random
import re
import signal
import subprocess
import time

import conftest
from test_live import BINARY, run  # noqa: F401  (the pty fixture)


def env_for(tmp_path):
    return dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))


def read_line(proc, timeout=5):
    """One line of the child's stdout, with a time limit. The pipe must be unbuffered
    (bufsize=0): a buffered reader hides bytes from select() and the read would wait for the
    next line."""
    import select

    end = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n"):
        left = end - time.monotonic()
        ready, _, _ = select.select([proc.stdout], [], [], max(0, left))
        if not ready:
            raise AssertionError(f"no line within {timeout} s (got {line!r})")
        byte = proc.stdout.read(1)
        if not byte:
            break
        line += byte
    return line.decode(), time.monotonic()


def seconds(text):
    m = re.fullmatch(r"(?:(\d+):)?(\d\d):(\d\d)\.(\d\d)", text.strip())
    h, mi, s, c = int(m[1] or 0), int(m[2]), int(m[3]), int(m[4])
    return h * 3600 + mi * 60 + s + c / 100


def test_laps_and_elapsed_survive_twenty_kills(tmp_path):
    rng = random.Random(20261122)
    env = env_for(tmp_path)
    laps_seen = []
    origin = None
    for attempt in range(20):
        proc = subprocess.Popen(
            [BINARY, "stopwatch", "--plain"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
        first, at = read_line(proc)
        shown = seconds(first)
        if origin is None:
            origin = at - shown
        else:
            # The elapsed time after a restart is the time since the very first start.
            assert abs(shown - (at - origin)) < 0.05, f"restart {attempt}: shows {shown:.3f}, expected {at - origin:.3f}"
        for _ in range(rng.randint(0, 3)):
            time.sleep(rng.uniform(0.0, 0.15))
            proc.stdin.write(b"\n")
            proc.stdin.flush()
            line, _ = read_line(proc)
            while not line.startswith("lap "):
                line, _ = read_line(proc)
            laps_seen.append(line.split()[1])
        time.sleep(rng.uniform(0.0, 0.2))
        proc.kill()  # SIGKILL: no chance to save anything at exit
        proc.wait()
    # Every lap recorded before a kill is there, in order.
    final = subprocess.run([BINARY, "stopwatch", "--plain"], input=b"", capture_output=True, env=env, timeout=10)
    rows = re.findall(r"^\s+(\d+)\s+\d\d:\d\d\.\d\d\s+\d\d:\d\d\.\d\d", final.stdout.decode(), re.M)
    assert sorted(rows, key=int) == laps_seen
    assert laps_seen == [str(n) for n in range(1, len(laps_seen) + 1)]


def test_new_archives_and_history_lists(tmp_path):
    env = env_for(tmp_path)
    subprocess.run([BINARY, "stopwatch", "--plain"], input=b"\n\n", capture_output=True, env=env, timeout=10)
    fresh = subprocess.run([BINARY, "stopwatch", "--plain", "--new"], input=b"", capture_output=True, env=env, timeout=10)
    assert "no laps" in fresh.stdout.decode()
    history = subprocess.run([BINARY, "stopwatch", "--history"], capture_output=True, env=env, timeout=10).stdout.decode()
    assert re.search(r"#1  started \d{4}-\d\d-\d\d", history)
    assert len(re.findall(r"^\s+\d+\s+\d\d:\d\d\.\d\d", history, re.M)) == 2


def test_named_stopwatches_run_at_once_each_with_its_laps_and_history(tmp_path):
    env = env_for(tmp_path)
    watches = {}
    try:
        for name in ("a", "b"):
            watches[name] = subprocess.Popen(
                [BINARY, "stopwatch", "--plain", "--name", name],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
            read_line(watches[name])
        watches["a"].stdin.write(b"\n")  # a lap on a alone
        line, _ = read_line(watches["a"])
        while not line.startswith("lap "):
            line, _ = read_line(watches["a"])
        status = json.loads(subprocess.run(
            [BINARY, "status", "--format", "json"], capture_output=True, env=env, timeout=10).stdout)
        shown = [(item["kind"], item.get("name"), item["paused"]) for item in status["items"]]
        assert shown == [("stopwatch", "a", False), ("stopwatch", "b", False)], status
        for name in ("a", "b"):
            watches[name].stdin.close()  # end of input: stopped and saved
            assert watches[name].wait(timeout=10) == 0
    finally:
        for watch in watches.values():
            if watch.poll() is None:
                watch.kill()
                watch.wait()
    for name in ("a", "b"):
        subprocess.run([BINARY, "stopwatch", "--plain", "--new", "--name", name], input=b"",
                       capture_output=True, env=env, timeout=10)
    history = subprocess.run([BINARY, "stopwatch", "--history", "--name", "a"], capture_output=True,
                             env=env, timeout=10).stdout.decode()
    assert re.search(r"#1  'a'  started", history) and "'b'" not in history, history
    assert len(re.findall(r"^\s+\d+\s+\d\d:\d\d\.\d\d", history, re.M)) == 1, history


def test_corrupt_state_is_moved_aside_with_a_warning(tmp_path):
    env = env_for(tmp_path)
    folder = tmp_path / "state" / "clockwork"
    folder.mkdir(parents=True)
    (folder / "stopwatch.json").write_text('{"version": 1, "value": {"phase": "runn')
    result = subprocess.run([BINARY, "stopwatch", "--plain"], input=b"", capture_output=True, env=env, timeout=10)
    assert result.returncode == 0
    warnings = result.stderr.decode().strip().splitlines()
    assert len(warnings) == 1 and "is corrupt or truncated" in warnings[0] and "started afresh" in warnings[0]
    assert any(name.startswith("stopwatch.json.corrupt-") for name in os.listdir(folder))


def test_future_version_is_not_overwritten_silently(tmp_path):
    env = env_for(tmp_path)
    folder = tmp_path / "state" / "clockwork"
    folder.mkdir(parents=True)
    (folder / "stopwatch.json").write_text(json.dumps({"version": 7, "value": {}}))
    result = subprocess.run([BINARY, "stopwatch", "--plain"], input=b"", capture_output=True, env=env, timeout=10)
    assert "newer Clockwork (format 7" in result.stderr.decode()
    kept = [n for n in os.listdir(folder) if n.startswith("stopwatch.json.corrupt-")]
    assert kept and json.loads((folder / kept[0]).read_text())["version"] == 7


def test_a_second_window_is_read_only_and_take_takes_over(run, tmp_path):  # noqa: F811
    env = {"XDG_STATE_HOME": str(tmp_path / "shared")}
    first = run("stopwatch", env=env)
    assert first.pump_until(lambda a: "ready" in a.text())
    first.send(" ")
    assert first.pump_until(lambda a: "running" in a.text())
    second = run("stopwatch", env=env)
    assert second.pump_until(lambda a: "read-only" in a.text())
    second.send("l")
    second.pump(0.3)
    first.send("l")
    assert first.pump_until(lambda a: re.search(r"^\s+1\s+00:0", a.text(), re.M))
    assert second.pump_until(lambda a: re.search(r"^\s+1\s+00:0", a.text(), re.M)), "the read-only view follows"
    assert not re.search(r"^\s+2\s+00:0", second.text(), re.M), "a read-only key press wrote nothing"
    third = run("stopwatch", "--take", env=env)
    assert third.pump_until(lambda a: "took the stopwatch over" in a.text())
    assert first.wait() == 143  # the old owner was asked to quit (SIGTERM)
    third.send("q")
    second.send("q")
    assert third.wait() == 0 and second.wait() == 0


def test_timers_resume_list_replace_and_cancel(tmp_path):
    env = env_for(tmp_path)

    def cw(*args):
        return subprocess.run([BINARY, *args], capture_output=True, env=env, timeout=10, text=True)

    # A timer left running (a live one quit with q leaves it so; an interrupted plain one is
    # cancelled, see test_an_interrupted_plain_timer_is_cancelled).
    folder = tmp_path / "state" / "clockwork" / "timers"
    folder.mkdir(parents=True)
    (folder / "tea.json").write_text(json.dumps({"version": 1, "value": {"name": "tea", "duration": 3600, "endsAt": time.time() + 3600}}))
    listed = cw("timer", "--list").stdout
    assert re.search(r"^tea\s+(59:5\d|1:00:00) left", listed, re.M), listed
    again = cw("timer", "5m", "--name", "tea", "--plain")
    assert again.returncode == 1 and "--replace" in again.stderr
    assert re.search(r"a timer named 'tea' is running \((59:5\d|1:00:00) left\); run `clockwork timer --name tea` to see it", again.stderr), again.stderr
    assert "cancelled timer 'tea'" in cw("timer", "--cancel", "--name", "tea").stdout
    assert cw("timer", "--list").stdout.strip() == "no timers"


def test_an_interrupted_plain_timer_is_cancelled(tmp_path):
    env = env_for(tmp_path)
    proc = subprocess.Popen([BINARY, "timer", "1h", "--plain", "--name", "tea"], stdout=subprocess.PIPE, env=env, bufsize=0)
    read_line(proc)
    proc.send_signal(signal.SIGINT)
    assert proc.wait() == 130
    listed = subprocess.run([BINARY, "timer", "--list"], capture_output=True, env=env, timeout=10, text=True).stdout
    assert listed.strip() == "no timers", listed


def watcher_gone(tmp_path, timeout=10):
    """Waits for the watcher that a pending timer started to see that nothing is pending."""
    state = str(tmp_path / "state")
    deadline = time.monotonic() + timeout
    while state in conftest.our_processes().values() and time.monotonic() < deadline:
        time.sleep(0.05)


def saved_timer(tmp_path, name, **value):
    folder = tmp_path / "state" / "clockwork" / "timers"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps({"version": 1, "value": {"name": name, "duration": 600, **value}}))


def test_a_paused_timer_looked_at_in_plain_mode_is_said_paused_and_kept(tmp_path):
    env = env_for(tmp_path)
    saved_timer(tmp_path, "soup", remainingWhenPaused=598)
    looked = subprocess.run([BINARY, "timer", "--name", "soup", "--plain"], capture_output=True, env=env, timeout=10, text=True)
    assert (looked.returncode, looked.stdout) == (0, "9:58 (paused)\n"), looked
    assert "`clockwork timer --name soup` in a terminal resumes it" in looked.stderr, looked.stderr
    listed = subprocess.run([BINARY, "timer", "--list"], capture_output=True, env=env, timeout=10, text=True).stdout
    assert re.search(r"^soup\s+9:58 left\b.*paused", listed, re.M), listed


def test_an_interrupted_plain_view_of_a_running_timer_leaves_it_running(tmp_path):
    """Only a plain timer that its own run started is cancelled by Ctrl-C."""
    env = env_for(tmp_path)
    saved_timer(tmp_path, "soup", endsAt=time.time() + 600)
    proc = subprocess.Popen([BINARY, "timer", "--name", "soup", "--plain"], stdout=subprocess.PIPE, env=env, bufsize=0)
    read_line(proc)
    proc.send_signal(signal.SIGINT)
    assert proc.wait() == 130
    listed = subprocess.run([BINARY, "timer", "--list"], capture_output=True, env=env, timeout=10, text=True).stdout
    assert re.search(r"^soup\s+(9:5\d|10:00) left", listed, re.M), listed
    subprocess.run([BINARY, "timer", "--cancel", "--name", "soup"], capture_output=True, env=env, timeout=10)
    watcher_gone(tmp_path)


def test_a_timer_that_finished_while_closed_says_when(tmp_path):
    env = env_for(tmp_path)
    folder = tmp_path / "state" / "clockwork" / "timers"
    folder.mkdir(parents=True)
    ended = time.time() - 180
    (folder / "timer.json").write_text(json.dumps({"version": 1, "value": {"name": "timer", "duration": 300, "endsAt": ended}}))
    result = subprocess.run([BINARY, "timer"], capture_output=True, env=env, timeout=10, text=True)
    assert result.returncode == 0
    stamp = time.strftime("%H:%M:%S", time.localtime(ended))
    assert re.fullmatch(rf"timer 'timer' finished at {stamp}, 3 min ago\n", result.stdout), result.stdout
    # Its end passed with nothing to ring it: rung now, late, and said.
    assert f"clockwork: timer 'timer' ended at {stamp}, 3 min ago, with nothing to ring it: ringing it now" in result.stderr, result.stderr
    def rung():
        # While it rings, its file is claimed (renamed away) and then put back, marked rung.
        try:
            return "rungAt" in json.loads((folder / "timer.json").read_text())["value"]
        except FileNotFoundError:
            return False
    deadline = time.monotonic() + 10
    while not rung() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert rung(), "rung once, and remembered as finished"
    again = subprocess.run([BINARY, "timer"], capture_output=True, env=env, timeout=10, text=True)
    assert again.stdout == result.stdout and "ringing it now" not in again.stderr
    removed = subprocess.run([BINARY, "timer", "--cancel"], capture_output=True, env=env, timeout=10, text=True)
    assert removed.stdout == "removed finished timer 'timer'\n" and not (folder / "timer.json").exists()


def test_unwritable_state_keeps_the_app_running(tmp_path):
    env = dict(os.environ, XDG_STATE_HOME="/proc/clockwork-no-such-place")
    result = subprocess.run([BINARY, "stopwatch", "--plain"], input=b"\n", capture_output=True, env=env, timeout=10)
    assert result.returncode == 0
    assert "lap 1" in result.stdout.decode()
