"""Routines end to end: presets, a sequence rung phase by phase with no window open, and the
status line for panels. A private session bus with the test notification server; waits have
time limits and nothing asserts how long anything took."""
import json
import os
import re
import select
import signal
import subprocess
import time

import conftest
from terminal.kernelclock import kernel_clock
from test_alerts import BINARY, NotificationServer, wait_for, watcher_pid, world  # noqa: F401


def all_ended(tmp_path):
    """Whether every process of ours that keeps its state under `tmp_path` has ended (a ringer
    that a command's check-up started runs on for a moment after the command)."""
    return not [state for state in conftest.our_processes().values() if state.startswith(str(tmp_path))]


def run(env, *arguments):
    return subprocess.run([BINARY, *arguments], env=env, capture_output=True, text=True, timeout=30)


def saved_step(tmp_path, name):
    """The phase a sequence's saved timer is at (None while a ringer has taken it)."""
    try:
        return json.loads((tmp_path / "state" / "clockwork" / "timers" / f"{name}.json").read_text())["value"].get("step")
    except (OSError, ValueError, KeyError):
        return None


def test_presets_are_added_listed_started_by_name_and_removed(world):
    server, env, tmp_path = world
    env = {**env, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert run(env, "preset", "add", "tea", "1s", "--no-sound").stdout == "preset tea: 0:01, no sound; `clockwork timer tea` starts it\n"
    assert run(env, "preset", "add", "focus", "--sequence", "work 50m, break 10m", "--repeat", "3").returncode == 0
    refused = run(env, "preset", "add", "5m", "3m")
    assert refused.returncode == 64 and "'5m' reads as a duration" in refused.stderr
    assert run(env, "preset", "list").stdout == "focus  work 50:00, break 10:00 ×3\ntea    0:01, no sound\n"
    started = run(env, "timer", "tea", "--plain")
    assert started.returncode == 0 and started.stdout.splitlines() == ["0:01", "0:00"], started
    assert wait_for(lambda: server.notifications())
    assert server.notifications()[0][0] == "Timer finished: tea", "the preset's name is the timer's"
    unknown = run(env, "timer", "coffee")
    assert unknown.returncode == 64 and "no preset is named 'coffee'" in unknown.stderr, unknown.stderr
    # A bad entry edited by hand is named with its line; the others still work.
    presets = tmp_path / "config" / "clockwork" / "presets.json"
    presets.write_text(presets.read_text().replace('"duration" : "1s"', '"duration" : "soon"'))
    listed = run(env, "preset", "list")
    assert listed.stdout == "focus  work 50:00, break 10:00 ×3\n" and re.search(r"presets.json line \d+: preset 'tea': cannot read duration 'soon'", listed.stderr), listed
    assert run(env, "preset", "remove", "focus").stdout == "removed preset focus\n"
    assert run(env, "preset", "remove", "focus").returncode == 1
    assert wait_for(lambda: all_ended(tmp_path))


def test_a_sequence_with_its_window_closed_rings_each_phase_in_order(world):
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "--sequence", "work 2s, rest 2s", "--plain", "--name", "focus"], env=env, stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:02"
    app.kill()
    app.wait()
    listed = run(env, "timer", "--list").stdout
    assert re.match(r"focus\s+0:0[12] left\s+\(of 0:02, work 1/1\)", listed), listed
    assert wait_for(lambda: len(server.notifications()) >= 1)
    # Read from the state folder: a command would start a watcher if none ran, and so hide one
    # that left with a phase still to ring.
    assert wait_for(lambda: saved_step(tmp_path, "focus") == 1), "the next phase started by itself"
    assert wait_for(lambda: len(server.notifications()) >= 2)
    time.sleep(1)
    summaries = [n[0] for n in server.notifications()]
    assert summaries == ["work done — rest 0:02 starts", "rest done — focus finished"], summaries
    assert all(n[1].startswith("round 1/1, ended at ") for n in server.notifications())
    assert "finished at" in run(env, "timer", "--list").stdout
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_the_status_line_for_panels(world):
    server, env, tmp_path = world
    idle = run(env, "status", "--format", "waybar")
    assert json.loads(idle.stdout) == {"text": "", "tooltip": "", "class": "idle"}
    app = subprocess.Popen([BINARY, "timer", "25m", "--plain", "--name", "tea"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    waybar = json.loads(run(env, "status", "--format", "waybar").stdout)
    assert set(waybar) == {"text", "tooltip", "class", "percentage"}
    assert re.fullmatch(r"tea (25:00|24:5\d)", waybar["text"]) and waybar["class"] == "timer" and 0 <= waybar["percentage"] <= 1, waybar
    assert re.fullmatch(r"tea (25:00|24:5\d)\n", run(env, "status").stdout)
    app.kill()
    app.wait()
    run(env, "timer", "--cancel", "--name", "tea")


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def test_status_follow_sleeps_with_nothing_running_and_follows_a_timer_each_second(world):
    server, env, tmp_path = world
    follow = subprocess.Popen([BINARY, "status", "--follow"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert follow.stdout.readline() == "\n", "the empty line first"
        time.sleep(0.5)
        before = cpu_ticks(follow.pid)
        switches = lambda: sum(int(line.split()[1]) for line in open(f"/proc/{follow.pid}/status") if "ctxt_switches" in line)
        woken = switches()
        time.sleep(10)
        assert cpu_ticks(follow.pid) == before, "no CPU over 10 s with nothing running"
        assert switches() - woken <= 1, "not woken"
        app = subprocess.Popen([BINARY, "timer", "5s", "--plain", "--name", "eggs"], env=env, stdout=subprocess.PIPE)
        lines = [follow.stdout.readline().strip() for _ in range(6)]
        app.wait(timeout=15)
        assert lines[:5] == ["eggs 0:05", "eggs 0:04", "eggs 0:03", "eggs 0:02", "eggs 0:01"], lines
        assert lines[5] == "", "gone once it finished"
    finally:
        follow.kill()
        follow.wait()
    assert wait_for(lambda: all_ended(tmp_path))


def test_presets_added_at_once_are_each_kept(world):
    _, env, tmp_path = world
    env = {**env, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    adds = [subprocess.Popen([BINARY, "preset", "add", f"p{n}", f"{n + 1}m"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(10)]
    for add in adds:
        out, err = add.communicate(timeout=30)
        assert add.returncode == 0, err
    listed = run(env, "preset", "list").stdout.split()
    assert sorted(name for name in listed if re.fullmatch(r"p\d", name)) == [f"p{n}" for n in range(10)], listed


def test_next_ten_times_at_once_starts_ten_phases(world):
    _, env, tmp_path = world
    phases = ", ".join(f"p{n} 1h" for n in range(12))
    app = subprocess.Popen([BINARY, "timer", "--sequence", phases, "--manual", "--plain", "--name", "long"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()
    nexts = [subprocess.Popen([BINARY, "timer", "--next", "--name", "long"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(10)]
    started = sorted(re.fullmatch(r"timer 'long': (p\d+) \d/1 started, ends .*\n", next.communicate(timeout=60)[0])[1] for next in nexts)
    assert all(next.returncode == 0 for next in nexts)
    assert started == sorted(f"p{n}" for n in range(1, 11)), started
    assert saved_step(tmp_path, "long") == 10
    run(env, "timer", "--cancel", "--name", "long")
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_presets_file_with_control_characters_in_a_name_does_not_drive_the_terminal(world):
    _, env, tmp_path = world
    env = {**env, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    (tmp_path / "config" / "clockwork").mkdir(parents=True)
    (tmp_path / "config" / "clockwork" / "presets.json").write_text('{\n  "tea\\u001b[2J\\u0007": { "duration": "4m" }\n}\n')
    listed = run(env, "preset", "list")
    assert "\x1b" not in listed.stderr and "\x07" not in listed.stderr, repr(listed.stderr)
    assert "preset 'tea\\u{1B}[2J\\u{7}'" in listed.stderr, listed.stderr


def line_within(stream, seconds=10):
    """The next line of an unbuffered binary pipe, or what came of it by then."""
    line = b""
    deadline = time.monotonic() + seconds
    while not line.endswith(b"\n") and select.select([stream], [], [], max(0, deadline - time.monotonic()))[0]:
        byte = stream.read(1)
        if not byte:
            break
        line += byte
    return line.decode()


def test_status_follow_ends_once_its_reader_is_gone_and_follows_a_state_folder_made_anew(world):
    _, env, tmp_path = world
    follow = subprocess.Popen([BINARY, "status", "--follow"], env=env, stdout=subprocess.PIPE, bufsize=0)
    try:
        assert line_within(follow.stdout) == "\n"
        subprocess.run(["rm", "-rf", str(tmp_path / "state" / "clockwork")], check=True)
        app = subprocess.Popen([BINARY, "timer", "3s", "--plain", "--name", "eggs"], env=env, stdout=subprocess.PIPE)
        assert line_within(follow.stdout).strip() == "eggs 0:03", "the timer in the folder made anew"
        app.kill()
        app.wait()
        run(env, "timer", "--cancel", "--name", "eggs")
        assert line_within(follow.stdout) == "\n"
        follow.stdout.close()  # the panel goes, while nothing runs
        assert follow.wait(timeout=10) == 0
    finally:
        follow.kill()
        follow.wait()
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_running_timer_is_paused_extended_and_restarted_from_another_command(world):
    """The timer's keys, from any process: the only timer by default, any by --name, with
    what to do when they cannot."""
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "10m", "--plain", "--name", "tea"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()  # its timer goes on, rung by the watcher
    app.wait()
    paused = run(env, "timer", "--pause")
    assert paused.returncode == 0 and re.fullmatch(r"timer 'tea' paused, (10:00|9:5\d) left\n", paused.stdout), paused
    assert "paused" in run(env, "timer", "--list").stdout
    longer = run(env, "timer", "--add", "2m")
    assert re.fullmatch(r"timer 'tea' paused, (12:00|11:5\d) left\n", longer.stdout), longer
    resumed = run(env, "timer", "--toggle")
    assert re.fullmatch(r"timer 'tea' running, (12:00|11:5\d) left, ends (tomorrow )?\d\d:\d\d(:\d\d)?\n", resumed.stdout), resumed  # as `when` says it
    too_much = run(env, "timer", "--subtract", "1h")
    assert too_much.returncode == 1 and "--subtract never ends a timer" in too_much.stderr, too_much
    restarted = run(env, "timer", "--restart")
    assert re.fullmatch(r"timer 'tea' running, (10:00|9:59) left, ends .*\n", restarted.stdout), restarted
    other = subprocess.Popen([BINARY, "timer", "5m", "--plain", "--name", "soup"], env=env, stdout=subprocess.PIPE)
    other.stdout.readline()
    other.kill()
    other.wait()
    which = run(env, "timer", "--pause")
    assert which.returncode == 1 and "timers soup, tea are running or paused: give --name NAME" in which.stderr, which
    assert run(env, "timer", "--pause", "--name", "soup").returncode == 0
    both = run(env, "timer", "--pause", "--resume")
    assert both.returncode == 64 and "do not combine" in both.stderr, both
    for name in ("tea", "soup"):
        run(env, "timer", "--cancel", "--name", name)
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_the_history_keeps_a_finished_a_cancelled_and_a_pomodoros_phases(world):
    server, env, tmp_path = world
    assert run(env, "timer", "1s", "--plain", "--no-sound", "--name", "egg").returncode == 0
    app = subprocess.Popen([BINARY, "timer", "10m", "--plain", "--name", "tea"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()  # left running, then cancelled by a command
    app.wait()
    assert run(env, "timer", "--cancel", "--name", "tea").returncode == 0
    pomodoro = run(env, "pomodoro", "--work", "1s", "--break", "1s", "--long-break", "1s", "--rounds", "1",
                   "--plain", "--no-sound")
    assert pomodoro.returncode == 0, pomodoro
    export = tmp_path / "h.csv"
    listed = run(env, "timer", "--history", "--export", str(export))
    assert listed.returncode == 0, listed
    rows = [line.split(",") for line in export.read_text().splitlines()]
    assert rows[0] == ["name", "phase", "started", "ended", "planned_seconds", "actual_seconds", "outcome"]
    ended = {(row[0], row[1], row[6]): row for row in rows[1:]}
    assert set(ended) == {("egg", "", "finished"), ("tea", "", "cancelled"), ("pomodoro", "work 1/1", "finished"),
                          ("pomodoro", "long-break 1/1", "finished")}, rows
    assert ended[("egg", "", "finished")][4:6] == ["1.000", "1.000"]
    assert ended[("tea", "", "cancelled")][4] == "600.000" and float(ended[("tea", "", "cancelled")][5]) < 600
    assert re.search(r"^\d{4}-\d\d-\d\d  pomodoro: work 1 \(0:01\), long-break 1 \(0:01\)$", listed.stdout, re.M), listed.stdout
    assert wait_for(lambda: all_ended(tmp_path))


def test_overtime_counts_on_past_the_end_after_ringing_once(world):
    """`--overtime`: the plain lines go on as +0:01, +0:02 after one ring; the status line
    says +m:ss (a negative `remaining`) until --cancel ends it."""
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "2s", "--overtime", "--plain", "--name", "eggs"], env=env,
                           stdout=subprocess.PIPE, bufsize=0)
    try:
        lines = [line_within(app.stdout).strip() for _ in range(5)]
        assert lines == ["0:02", "0:01", "0:00", "+0:01", "+0:02"], lines
        assert len(server.notifications()) == 1, "rung once"
        status = json.loads(run(env, "status", "--format", "json").stdout)["items"]
        assert [item["text"][:7] for item in status] == ["eggs +0"] and status[0]["remaining"] <= -2, status
        assert status[0]["actions"] == {"click": "clockwork timer --cancel --name eggs"}
        assert "since" in run(env, "timer", "--list").stdout
    finally:
        app.kill()  # the watcher does not ring it again: it has rung
        app.wait()
    assert run(env, "status").stdout.startswith("eggs +0:0"), "counted on with no window"
    assert run(env, "timer", "--cancel", "--name", "eggs").stdout == "removed finished timer 'eggs'\n"
    assert run(env, "status").stdout == "\n"
    time.sleep(1)
    assert len(server.notifications()) == 1, "never rung twice"
    # Counting up from a time past: from its end, never rung.
    hour_ago = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600))
    up = subprocess.Popen([BINARY, "timer", "--since", hour_ago, "--plain", "--name", "up"], env=env,
                          stdout=subprocess.PIPE, bufsize=0)
    try:
        first = line_within(up.stdout).strip()
        assert re.fullmatch(r"\+1:00:0\d", first), first
        assert left_of(env, "up")["remaining"] <= -3600
        assert run(env, "timer", "--until", hour_ago).stderr.count("--since") == 1
    finally:
        up.send_signal(signal.SIGINT)  # a count-up started by a plain run ends with it
        up.wait()
    assert run(env, "status").stdout == "\n"
    assert len(server.notifications()) == 1, "a count-up rings nothing"
    assert wait_for(lambda: all_ended(tmp_path))


def left_of(env, name):
    items = json.loads(run(env, "status", "--format", "json").stdout)["items"]
    return next(item for item in items if item.get("name") == name)


def test_a_timer_with_no_window_is_paused_resumed_extended_and_rings_once_at_its_new_end(world):
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "5m", "--plain", "--name", "t"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()  # the window closed: the watcher rings it
    app.wait()
    assert run(env, "timer", "--pause", "--name", "t").returncode == 0
    before = left_of(env, "t")
    time.sleep(2)
    after = left_of(env, "t")
    assert before["paused"] and after["paused"] and before["remaining"] == after["remaining"], (before, after)
    assert run(env, "timer", "--resume", "--name", "t").returncode == 0
    assert not left_of(env, "t")["paused"]
    running = left_of(env, "t")["remaining"]
    assert run(env, "timer", "--add", "2m", "--name", "t").returncode == 0
    assert abs(left_of(env, "t")["remaining"] - (running + 120)) <= 1
    assert run(env, "timer", "--restart", "--name", "t").returncode == 0
    assert 299 <= left_of(env, "t")["remaining"] <= 300, "back to 5:00"
    # Near its end, then rung there by the watcher: once.
    assert run(env, "timer", "--subtract", "4m57s", "--name", "t").returncode == 0
    assert wait_for(lambda: len(server.notifications()) == 1, timeout=20), server.notifications()
    assert "t" in server.notifications()[0][0], server.notifications()
    time.sleep(1.5)
    assert len(server.notifications()) == 1, "rung once"
    assert run(env, "timer", "--cancel", "--name", "t").returncode == 0
    assert wait_for(lambda: all_ended(tmp_path))


def test_a_shown_timer_follows_changes_from_another_command(world):
    """A plain run and a terminal screen showing the timer follow --pause, --add and --resume
    within a frame, ring at the new end once, and end when it is cancelled elsewhere."""
    server, env, tmp_path = world
    plain = subprocess.Popen([BINARY, "timer", "5m", "--plain", "--name", "p"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, bufsize=0)
    socket = f"cw-follow-{os.getpid()}"
    tmux = ["tmux", "-L", socket]
    try:
        assert line_within(plain.stdout).strip() == "5:00"
        assert run(env, "timer", "--pause", "--name", "p").returncode == 0
        assert run(env, "timer", "--subtract", "4m56s", "--name", "p").returncode == 0
        assert run(env, "timer", "--resume", "--name", "p").returncode == 0
        lines = [line_within(plain.stdout).strip() for _ in range(5)]
        assert lines[-4:] == ["0:03", "0:02", "0:01", "0:00"] or lines[-3:] == ["0:02", "0:01", "0:00"], lines
        assert plain.wait(timeout=10) == 0
        assert wait_for(lambda: len(server.notifications()) == 1), "rung at its new end"
        time.sleep(1)
        assert len(server.notifications()) == 1, "once"

        screen_env = " ".join(f"{key}={value}" for key, value in env.items()
                              if key in ("XDG_STATE_HOME", "DBUS_SESSION_BUS_ADDRESS", "TZ"))
        subprocess.run(tmux + ["new-session", "-d", "-x", "60", "-y", "24",
                               f"env {screen_env} {BINARY} timer 5m --name s --no-sound --no-backdrop --no-pulse; sleep 30"],
                       check=True, env=env)
        screen = lambda: subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
        assert wait_for(lambda: "ends " in screen()), screen()
        assert run(env, "timer", "--pause", "--name", "s").returncode == 0
        assert wait_for(lambda: "paused" in screen()), screen()
        assert run(env, "timer", "--add", "10m", "--name", "s").returncode == 0
        assert run(env, "timer", "--toggle", "--name", "s").returncode == 0
        assert wait_for(lambda: "ends " in screen() and "paused" not in screen()), screen()
        assert 890 <= left_of(env, "s")["remaining"] <= 900
        assert run(env, "timer", "--cancel", "--name", "s").returncode == 0
        assert wait_for(lambda: "was cancelled by another clockwork" in screen()), screen()
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        if plain.poll() is None:
            plain.kill()
            plain.wait()
    assert wait_for(lambda: all_ended(tmp_path))


def notices(server):
    """Each Notify call as (replaced id, summary, body, [button ids])."""
    found = re.findall(r'Notify "clockwork" (\d+) "[^"]*" "([^"]*)" "([^"]*)" \[([^]]*)\]', server.log.read_text())
    return [(int(replaced), summary, body, re.findall(r'"([^"]*)", "[^"]*"', buttons)) for replaced, summary, body, buttons in found]


def test_a_running_timers_notification_pauses_resumes_and_adds_a_minute(tmp_path):
    """`--notify-running`: a notification while the timer runs, with its end and Pause and
    +1 min; each press changes the timer, and the notification is said anew in place; it goes
    when the timer is cancelled, and its process with it."""
    server = NotificationServer(tmp_path, capabilities="body actions")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(tmp_path / "state"),
           "TZ": "UTC"}
    try:
        app = subprocess.Popen([BINARY, "timer", "5m", "--plain", "--name", "tea", "--notify-running"], env=env,
                               stdout=subprocess.PIPE)
        app.stdout.readline()
        app.kill()  # the notification stays with the timer, not with its window
        app.wait()
        assert wait_for(lambda: notices(server)), server.log.read_text()
        replaced, summary, body, buttons = notices(server)[0]
        assert (replaced, summary, buttons) == (0, "Timer tea", ["pause", "add"]) and body.startswith("ends "), notices(server)
        server.press(1, "pause")
        assert wait_for(lambda: left_of(env, "tea")["paused"])
        assert wait_for(lambda: notices(server)[-1][2:] == (notices(server)[-1][2], ["resume", "add"])
                        and notices(server)[-1][2].startswith("paused, ")), notices(server)
        paused = left_of(env, "tea")["remaining"]
        server.press(1, "add")
        assert wait_for(lambda: left_of(env, "tea")["remaining"] == paused + 60)
        assert run(env, "timer", "--resume", "--name", "tea").returncode == 0  # from elsewhere: followed
        assert wait_for(lambda: notices(server)[-1][3] == ["pause", "add"]), notices(server)
        assert {n[0] for n in notices(server)[1:]} == {1}, "said anew in place, never a second one"
        assert run(env, "timer", "--cancel", "--name", "tea").returncode == 0
        assert wait_for(lambda: "CloseNotification 1" in server.log.read_text())
        assert wait_for(lambda: all_ended(tmp_path))
    finally:
        server.close()


def test_the_json_status_says_whether_the_system_clock_is_synchronised(world):
    _, env, _ = world
    clock = json.loads(run(env, "status", "--format", "json").stdout)["clock"]
    synchronised, max_error = kernel_clock()
    assert clock["synchronized"] is synchronised, (clock, synchronised)
    # maxerror grows by 0.5 ms a second between two readings at most.
    assert abs(clock["maxErrorMs"] - max_error) <= 5, (clock, max_error)
    assert clock["estimatedErrorMs"] >= 0, clock
