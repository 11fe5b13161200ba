"""Timers that ring with no window open, end to end: the app, its detached watcher, and a test
notification server (python-dbusmock's notification template) on a private session bus.

Run by `make test` (pytest). Time here is real: the tests wait for what the server records,
with time limits, and never assert how long anything took.
"""
import fcntl
import json
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from terminal.notifications import NotificationServer  # noqa: F401 (the other tests import it from here)
from terminal.ptyscreen import PtyApp
from terminal.spdsay import said, stand_in_spd_say
from conftest import our_processes

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))


@pytest.fixture
def world(tmp_path):
    server = NotificationServer(tmp_path)
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(tmp_path / "state"), "TZ": "UTC"}
    yield server, env, tmp_path
    server.close()
    lock = tmp_path / "state" / "clockwork" / "watcher.lock"
    if lock.exists() and lock.read_text().strip():
        try:
            os.kill(int(lock.read_text()), signal.SIGKILL)  # a watcher a failed test left behind
        except ProcessLookupError:
            pass


def watcher_pid(tmp_path):
    """The watcher's pid while one runs (it holds its lock), else None. A watcher that has just
    taken the lock writes its pid a moment later (the file is empty until then): that is waited
    for."""
    lock = tmp_path / "state" / "clockwork" / "watcher.lock"
    if not lock.exists():
        return None
    held = subprocess.run(["flock", "--nonblock", "--shared", str(lock), "true"]).returncode != 0
    if not held:
        return None
    assert wait_for(lambda: lock.read_text().strip().isdigit(), timeout=5), "the watcher holds its lock with no pid in it"
    return int(lock.read_text())


def saved_alarm(tmp_path, **fields):
    """An alarm in the state folder as the app saves it, added two days ago (so its 07:00 UTC
    is owed: missed while nothing ran); returns the state folder."""
    state = tmp_path / "state" / "clockwork"
    state.mkdir(parents=True)
    alarm = {"id": 1, "hour": 7, "minute": 0, "days": [], "label": "standup", "zone": "UTC", "enabled": True, "created": time.time() - 2 * 86400, **fields}
    (state / "alarms.json").write_text(json.dumps({"version": 1, "value": {"alarms": [alarm]}}))
    return state


def wait_for(predicate, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_a_timer_whose_window_is_killed_still_rings_once(world):
    server, env, tmp_path = world
    # Long enough for a watcher started on a loaded machine to be seen before the end.
    app = subprocess.Popen([BINARY, "timer", "4s", "--plain", "--name", "tea"], env=env, stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:04"
    log = tmp_path / "state" / "clockwork" / "watcher.log"
    assert wait_for(lambda: watcher_pid(tmp_path) is not None), "a watcher was started: " + (log.read_text() if log.exists() else "(no log)")
    watcher = watcher_pid(tmp_path)
    app.kill()
    app.wait()
    viewing = tmp_path / "state" / "clockwork" / "timers" / ".tea.viewing"
    assert subprocess.run(["flock", "--nonblock", str(viewing), "true"]).returncode == 0, "no one shows it now (the watcher inherited no lock)"
    assert wait_for(lambda: server.notifications())
    assert server.calls()[0][3] not in (app.pid, watcher), "rung by a ringer the watcher started (it never rings itself)"
    summary, body, urgency = server.notifications()[0]
    assert summary == "Timer finished: tea" and body.startswith("0:04 timer, ended at ") and urgency == 2
    assert wait_for(lambda: watcher_pid(tmp_path) is None), "the watcher leaves when nothing is pending"
    assert len(server.notifications()) == 1, "rung once"
    listed = subprocess.run([BINARY, "timer", "--list"], env=env, capture_output=True, text=True).stdout
    assert re.match(r"tea\s+finished at \d\d:\d\d:\d\d, \d+ s ago", listed), "a rung timer is remembered: " + listed
    said = subprocess.run([BINARY, "timer", "--name", "tea"], env=env, capture_output=True, text=True)
    assert said.returncode == 0 and re.match(r"timer 'tea' finished at \d\d:\d\d:\d\d, \d+ s ago", said.stdout), said


def test_a_cancelled_timer_never_rings(world):
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "2s", "--plain", "--name", "eggs"], env=env, stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:02"
    app.kill()
    app.wait()
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    subprocess.run([BINARY, "timer", "--cancel", "--name", "eggs"], env=env, check=True, capture_output=True)
    assert wait_for(lambda: watcher_pid(tmp_path) is None), "the watcher leaves when the timer is cancelled"
    # Past the end: still nothing (the watcher is gone; nothing else could ring it).
    time.sleep(2.5)
    assert server.notifications() == []


def test_a_timer_shown_to_its_end_rings_once_from_its_window(world):
    server, env, tmp_path = world
    app = PtyApp([BINARY, "timer", "2s"], 100, 40, env={k: env[k] for k in ("DBUS_SESSION_BUS_ADDRESS", "XDG_STATE_HOME", "TZ")})
    assert app.wait(timeout=15) == 0
    assert b"\x07" in app.raw, "the bell rang in the terminal"
    assert b"]777;notify" not in app.raw, app.text()
    assert wait_for(lambda: server.notifications())
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    assert len(server.notifications()) == 1 and server.calls()[0][3] == app.pid, "the watcher left it to the window"
    app.close()


def test_several_timers_killed_each_ring_once_in_turn(world):
    server, env, tmp_path = world
    for name, length in [("b", "3s"), ("a", "2s")]:
        app = subprocess.Popen([BINARY, "timer", length, "--plain", "--name", name], env=env, stdout=subprocess.PIPE)
        app.stdout.readline()
        app.kill()
        app.wait()
    assert wait_for(lambda: len(server.notifications()) == 2)
    assert [summary for summary, _, _ in server.notifications()] == ["Timer finished: a", "Timer finished: b"]
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    assert len(server.notifications()) == 2


def test_without_a_notification_service_the_terminal_is_told(tmp_path):
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path}/no-bus", "TMUX": "/tmp/tmux-0/default,1,0"}
    app = PtyApp([BINARY, "timer", "1s"], 100, 40, env=env)
    assert app.wait(timeout=15) == 0
    # The terminal's own notification, wrapped for tmux's passthrough, and the bell.
    assert b"\x1bPtmux;\x1b\x1b]777;notify;clockwork;Timer finished" in app.raw
    assert b"\x07" in app.raw
    app.close()
    plain = subprocess.run([BINARY, "timer", "1s", "--plain"], env={**os.environ, **env}, capture_output=True, text=True, timeout=15)
    assert plain.returncode == 0
    assert "no desktop notification" in plain.stderr


def test_a_missed_alarm_rings_once_late_and_a_snooze_rings_it_again(world):
    server, env, tmp_path = world
    # An alarm added two days ago whose 07:00 came while nothing ran (the machine was off).
    state = saved_alarm(tmp_path)
    # Listed while a watcher's lock is held (so none starts and rings it before it is listed).
    with open(state / "watcher.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        listed = subprocess.run([BINARY, "alarm", "list"], env=env, capture_output=True, text=True, check=True).stdout
    assert "alarm 1: 07:00 every day (UTC) 'standup', next" in listed and "due now" in listed
    subprocess.run([BINARY, "alarm", "enable", "1"], env=env, check=True, capture_output=True)  # starts the watcher
    assert wait_for(lambda: server.notifications())
    summary, body, urgency = server.notifications()[0]
    assert summary == "Alarm: standup" and body.startswith("missed: it was due at 07:00:00") and urgency == 2
    listed = subprocess.run([BINARY, "alarm", "list"], env=env, capture_output=True, text=True, check=True).stdout
    assert "due now" not in listed, "rung: its next time is tomorrow"
    snoozed = subprocess.run([BINARY, "alarm", "snooze", "1s"], env=env, capture_output=True, text=True, check=True).stdout
    assert snoozed.startswith("alarm 1 snoozed until ")
    assert wait_for(lambda: len(server.notifications()) == 2)
    assert server.notifications()[1][:2] == ("Alarm: standup", "07:00 every day (UTC)")
    time.sleep(1.5)
    assert len(server.notifications()) == 2, "each ring once"
    assert watcher_pid(tmp_path) is not None, "an enabled alarm keeps the watcher"
    os.kill(watcher_pid(tmp_path), signal.SIGKILL)  # as a reboot would
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    subprocess.run([BINARY, "timer", "--list"], env=env, check=True, capture_output=True)
    assert wait_for(lambda: watcher_pid(tmp_path) is not None), "any run of the app brings the watcher back"
    subprocess.run([BINARY, "alarm", "remove", "1"], env=env, check=True, capture_output=True)
    assert wait_for(lambda: watcher_pid(tmp_path) is None), "with no alarm left it leaves"
    assert not (state / "alarms.json").exists()


def test_alarm_input_errors_say_what_is_wrong(world):
    _, env, _ = world
    for args, words in [(["add", "25:00"], "out of range"), (["add", "7:00", "--days", "funday"], "not a day"), (["add", "7:00:30"], "in minutes"), (["remove", "4"], "no alarm 4"), (["snooze"], "no alarm has rung")]:
        result = subprocess.run([BINARY, "alarm", *args], env=env, capture_output=True, text=True)
        assert result.returncode in (1, 64) and words in result.stderr, (args, result.stderr)


def test_an_alarm_is_edited_and_what_is_not_given_stays(world):
    _, env, tmp_path = world
    def alarm(*args):
        return subprocess.run([BINARY, "alarm", *args], env=env, capture_output=True, text=True)
    assert alarm("add", "7:00", "--label", "run", "--days", "sat,sun").returncode == 0
    edited = alarm("edit", "1", "--time", "6:45", "--zone", "Asia/Tokyo")
    assert edited.returncode == 0 and re.match(r"alarm 1: 06:45 Sat, Sun \(Asia/Tokyo\)", edited.stdout), edited
    assert alarm("edit", "1", "--label", "", "--days", "daily", "--zone", "local").returncode == 0
    saved = json.loads((tmp_path / "state" / "clockwork" / "alarms.json").read_text())["value"]["alarms"][0]
    assert (saved["hour"], saved["minute"], saved.get("label"), saved.get("zone"), len(saved["days"])) == (6, 45, None, None, 7), saved
    assert saved["armed"] >= saved["created"], "a new time rings from its next occurrence"
    for args, words in [(["edit", "1"], "give what changes"), (["edit", "9", "--time", "8:00"], "no alarm numbered 9"),
                        (["edit", "1", "--time", "7:00:30"], "in minutes"), (["edit", "1", "--zone", "Mars/Base"], "zone")]:
        result = alarm(*args)
        assert result.returncode in (1, 64) and words in result.stderr, (args, result.stderr)


def test_an_alarm_time_a_dst_change_skips_is_said_with_when_it_rings_then(world):
    _, env, _ = world
    # Berlin's clocks go from 02:00 to 03:00 on a Sunday in March, within a year of any day.
    added = subprocess.run([BINARY, "alarm", "add", "2:30", "--zone", "Europe/Berlin"], env=env, capture_output=True, text=True)
    assert added.returncode == 0, added.stderr
    assert re.search(r"\n02:30 does not exist on Sun \d{4}-03-\d\d \(the clocks go forward\): it rings at 03:00 that day\n$", added.stdout), added.stdout
    plain = subprocess.run([BINARY, "alarm", "add", "7:00", "--zone", "Europe/Berlin"], env=env, capture_output=True, text=True)
    assert plain.returncode == 0 and "does not exist" not in plain.stdout, plain.stdout


def test_exec_gets_the_timer_and_a_failure_is_said(world):
    server, env, tmp_path = world
    log = tmp_path / "state" / "clockwork" / "exec.log"
    ok = subprocess.run([BINARY, "timer", "1s", "--plain", "--name", "tea", "--exec", 'echo "$CLOCKWORK_TIMER_NAME $CLOCKWORK_REASON"'], env=env, capture_output=True, text=True, timeout=15)
    assert ok.returncode == 0 and "--exec" not in ok.stderr, ok.stderr
    assert wait_for(lambda: "tea finished" in log.read_text()), "the command ran with the timer in its environment; its output is kept"
    failed = subprocess.run([BINARY, "timer", "1s", "--plain", "--exec", "nosuchcmd"], env=env, capture_output=True, text=True, timeout=15)
    assert failed.returncode == 0, "the timer itself finished"
    assert "--exec failed (exit status 127)" in failed.stderr and "nosuchcmd: not found" in failed.stderr, failed.stderr
    assert str(log) in failed.stderr, "it says where the output is"
    assert not any("--exec failed" in summary for summary, _, _ in server.notifications()), "said where the user is, once"
    # A log past 1 MiB is started afresh, so it cannot fill the disk.
    log.write_bytes(b"old output\n" * 200_000)
    assert subprocess.run([BINARY, "timer", "1s", "--plain", "--name", "eggs", "--exec", "echo done"], env=env, capture_output=True, timeout=15).returncode == 0
    assert wait_for(lambda: b"done" in log.read_bytes())
    assert log.stat().st_size < 4096 and b"old output" not in log.read_bytes()


def test_a_failing_exec_with_no_window_is_a_notification(world):
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "2s", "--plain", "--name", "tea", "--exec", "echo boiled over; exit 3"], env=env, stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:02"
    app.kill()
    app.wait()
    assert wait_for(lambda: len(server.notifications()) == 2)
    summaries = [summary for summary, _, _ in server.notifications()]
    assert summaries == ["Timer finished: tea", "Timer tea: --exec failed"], summaries
    body = server.notifications()[1][1]
    assert "exit status 3" in body and "boiled over" in body, body


def test_the_systemd_units_verify_and_their_service_rings_what_is_due_once(world):
    server, env, tmp_path = world
    state = saved_alarm(tmp_path, days=[1, 2, 3, 4, 5], zone="Europe/Berlin", created=time.time() - 8 * 86400)
    # The watcher's lock held, as a watcher would: no watcher of the app's rings this alarm, the
    # service alone does.
    lock = open(state / "watcher.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    units = tmp_path / "units"
    written = subprocess.run([BINARY, "alarm", "units", "--folder", str(units)], env=env, capture_output=True, text=True, check=True)
    assert f"wrote clockwork-alerts.service and 1 timer unit in {units}" in written.stdout
    verify = subprocess.run(["systemd-analyze", "verify", *map(str, units.iterdir())], capture_output=True, text=True)
    assert verify.returncode == 0 and verify.stderr == "" and verify.stdout == "", verify.stderr
    timer = (units / "clockwork-alarm-1.timer").read_text()
    assert "OnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 07:00:00 Europe/Berlin\n" in timer and "Persistent=true" in timer
    command = re.search(r"^ExecStart=(.*)$", (units / "clockwork-alerts.service").read_text(), re.M)[1].split()
    assert command == [os.path.realpath(BINARY) + "-alerts", "--once"], "the small watcher program beside the app's"
    # As systemd starts it at the alarm's time (twice, as a late start and a Persistent=true
    # catch-up could): it returns at once, and the alarm rings once.
    for _ in range(2):
        subprocess.run(command, env=env, check=True, timeout=15)
    assert wait_for(lambda: server.notifications())
    time.sleep(0.5)
    assert len(server.notifications()) == 1 and server.notifications()[0][0] == "Alarm: standup"
    lock.close()
    # Removing the alarm removes its timer unit.
    subprocess.run([BINARY, "alarm", "remove", "1"], env=env, check=True, capture_output=True)
    subprocess.run([BINARY, "alarm", "units", "--folder", str(units)], env=env, check=True, capture_output=True)
    assert sorted(p.name for p in units.iterdir()) == ["clockwork-alerts.service"]


@pytest.mark.parametrize("button", ["snooze", "stop", "dismissed", "alarm stop"])
def test_an_alarms_notification_has_snooze_and_stop_buttons_that_work(tmp_path, button):
    """Snooze and Stop work; a notification the person dismisses stops the alarm (its sound
    must not go on with nothing on screen); once settled, the notification is withdrawn."""
    server = NotificationServer(tmp_path, capabilities="body actions")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(tmp_path / "state"), "TZ": "UTC"}
    try:
        state = saved_alarm(tmp_path, sound="")  # no sound: the buttons alone keep it ringing
        subprocess.run([BINARY, "alarm", "list"], env=env, check=True, capture_output=True)  # the watcher rings it
        assert wait_for(lambda: server.notifications())
        assert '["snooze", "Snooze 10 min", "stop", "Stop"]' in server.log.read_text(), "the buttons, where the service shows them"
        ringer = server.calls()[0][3]
        app = "io.github.clockwork.Clockwork"
        assert server.icons() == [(app, app)], "the app's own icon, and its desktop entry named"
        if button == "dismissed":
            server.dismiss(1)
        elif button == "alarm stop":
            subprocess.run([BINARY, "alarm", "stop"], env=env, check=True, capture_output=True)
        else:
            server.press(1, button)
        assert wait_for(lambda: not os.path.exists(f"/proc/{ringer}")), "the alarm's process ends with the press"
        alarm = json.loads((state / "alarms.json").read_text())["value"]["alarms"][0]
        if button == "snooze":
            assert abs(alarm["snoozedUntil"] - (time.time() + 600)) < 30 and "stoppedAt" not in alarm
        else:
            assert alarm["stoppedAt"] >= alarm["lastRing"] and alarm.get("snoozedUntil") is None
        assert len(server.notifications()) == 1
        withdrawn = "CloseNotification 1" in server.log.read_text()
        assert withdrawn == (button != "dismissed"), server.log.read_text()
    finally:
        server.close()
        if watcher_pid(tmp_path):
            os.kill(watcher_pid(tmp_path), signal.SIGKILL)


@pytest.mark.parametrize("lang, languages, summary, buttons", [
    ("vi_VN.UTF-8", "", "Báo thức: standup", '["snooze", "Báo lại sau 10 phút", "stop", "Dừng"]'),
    ("C.UTF-8", "fr", "Alarme : standup", '["snooze", "Répéter dans 10 min", "stop", "Arrêter"]'),
])
def test_a_ringing_alarms_notification_and_buttons_are_in_the_readers_language(tmp_path, lang, languages, summary, buttons):
    server = NotificationServer(tmp_path, capabilities="body actions")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(tmp_path / "state"), "TZ": "UTC",
           "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": languages}
    try:
        saved_alarm(tmp_path, sound="")
        subprocess.run([BINARY, "alarm", "list"], env=env, check=True, capture_output=True)  # its watcher rings it
        assert wait_for(lambda: server.notifications())
        assert server.notifications()[0][0] == summary, server.notifications()
        assert buttons in server.log.read_text(), server.log.read_text()
        subprocess.run([BINARY, "alarm", "stop"], env=env, check=True, capture_output=True)
        # With nothing left to ring, its watcher and ringer leave: nothing outlives the test.
        subprocess.run([BINARY, "alarm", "remove", "1"], env=env, check=True, capture_output=True)
        state = str(tmp_path / "state")
        assert wait_for(lambda: state not in our_processes().values(), timeout=30), our_processes()
    finally:
        server.close()
        if watcher_pid(tmp_path):
            os.kill(watcher_pid(tmp_path), signal.SIGKILL)


def may_wake_machine(pid="self"):
    """Whether a process may wake this machine from suspend: the machine has a real-time clock
    alarm (the kernel's alarm clocks work; most virtual machines have none) and the process
    holds CAP_WAKE_ALARM (bit 35 of its effective capabilities)."""
    try:
        time.clock_gettime(8)  # CLOCK_REALTIME_ALARM
    except OSError:
        return False
    with open(f"/proc/{pid}/status") as status:
        effective = next(line for line in status if line.startswith("CapEff:"))
    return bool(int(effective.split()[1], 16) >> 35 & 1)


def timer_clocks(pid):
    """The clocks of a process's timerfds: 0 CLOCK_REALTIME, 8 CLOCK_REALTIME_ALARM."""
    clocks = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") == "anon_inode:[timerfd]":
                with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                    clocks.append(int(next(line for line in info if line.startswith("clockid:")).split()[1]))
        except (FileNotFoundError, StopIteration):
            pass
    return clocks


def test_the_watcher_wakes_the_machine_where_it_may_and_says_once_where_it_may_not(world):
    """Where it may (a real-time clock alarm, and CAP_WAKE_ALARM) the watcher waits on the alarm
    clock, which wakes a suspended machine; where it may not (here setpriv drops the
    capability) the first alarm or timer set says so, with why, and later ones say nothing
    more."""
    server, env, tmp_path = world
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("dropping a capability needs root and setpriv (util-linux)")
    alarm = subprocess.run([BINARY, "alarm", "add", "7:00", "--label", "wake"], env=env, capture_output=True, text=True, timeout=30)
    assert alarm.returncode == 0, alarm.stderr
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    expected = [8] if may_wake_machine() else [0]
    assert wait_for(lambda: timer_clocks(watcher_pid(tmp_path)) == expected), timer_clocks(watcher_pid(tmp_path))
    assert ("will not wake" in alarm.stderr) != may_wake_machine(), alarm.stderr
    subprocess.run([BINARY, "alarm", "remove", "1"], env=env, capture_output=True, timeout=30)
    assert wait_for(lambda: watcher_pid(tmp_path) is None)

    without = ["setpriv", "--bounding-set=-wake_alarm", "--", BINARY]
    fresh = {**env, "XDG_STATE_HOME": str(tmp_path / "state-without")}
    first = subprocess.run([*without, "alarm", "add", "7:00", "--label", "wake"], env=fresh, capture_output=True, text=True, timeout=30)
    assert first.returncode == 0, first.stderr
    assert "warning: timers and alarms will not wake this machine from suspend" in first.stderr, first.stderr
    try:
        time.clock_gettime(8)
        assert "CAP_WAKE_ALARM" in first.stderr and "setcap cap_wake_alarm+ep" in first.stderr, first.stderr
    except OSError:  # no real-time clock alarm here: nothing to allow
        assert "no real-time clock alarm" in first.stderr, first.stderr
    second = subprocess.run([*without, "timer", "1s", "--plain"], env=fresh, capture_output=True, text=True, timeout=30)
    assert second.returncode == 0 and "will not wake" not in second.stderr, second.stderr
    subprocess.run([BINARY, "alarm", "remove", "1"], env=fresh, capture_output=True, timeout=30)
    # Nothing is left to ring: the watchers leave.
    folders = {str(tmp_path / "state"), fresh["XDG_STATE_HOME"]}
    assert wait_for(lambda: not folders & set(our_processes().values())), our_processes()


def test_a_chime_is_listed_among_the_alarms_keeps_its_hours_and_is_removed_as_one(world):
    server, env, tmp_path = world
    env = {**env, "TZ": "Europe/Berlin"}
    added = subprocess.run([BINARY, "chime", "--every", "30m", "--between", "08-20", "--days", "weekends", "--strike"], env=env, capture_output=True, text=True, timeout=30)
    assert added.returncode == 0 and added.stdout.startswith("alarm 1: chime every 30 min, 08:00–20:00, Sat, Sun, striking the hours, next "), added
    assert "alarm 1: chime every 30 min" in subprocess.run([BINARY, "alarm", "list"], env=env, capture_output=True, text=True).stdout
    assert "alarm 1: chime" in subprocess.run([BINARY, "chime", "list"], env=env, capture_output=True, text=True).stdout
    moved = subprocess.run([BINARY, "alarm", "edit", "1", "--time", "7:00"], env=env, capture_output=True, text=True)
    assert moved.returncode == 1 and "alarm 1 is a chime: its hours stay" in moved.stderr, moved
    days = subprocess.run([BINARY, "alarm", "edit", "1", "--days", "mon-fri"], env=env, capture_output=True, text=True)
    assert days.returncode == 0 and "08:00–20:00, Mon–Fri" in days.stdout, days
    status = subprocess.run([BINARY, "status"], env=env, capture_output=True, text=True)
    assert "alarm" not in status.stdout, "the status line's next alarm is never a chime: " + status.stdout
    wrong = subprocess.run([BINARY, "chime", "--every", "45m"], env=env, capture_output=True, text=True)
    assert wrong.returncode == 64 and "a chime sounds every 1h, 30m, 20m or 15m, not every 45 min" in wrong.stderr, wrong
    removed = subprocess.run([BINARY, "alarm", "remove", "1"], env=env, capture_output=True, text=True)
    assert removed.returncode == 0 and "chime every 30 min" in removed.stdout
    assert "no chimes" in subprocess.run([BINARY, "chime", "list"], env=env, capture_output=True, text=True).stdout
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_an_alarm_says_its_label_when_the_setting_speak_is_on(world):
    server, env, tmp_path = world
    folder, record = stand_in_spd_say(tmp_path)
    config = tmp_path / "config" / "clockwork"
    config.mkdir(parents=True)
    (config / "config.json").write_text('{"speak": true}')
    env = {**env, "PATH": f"{folder}:{os.environ['PATH']}", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    saved_alarm(tmp_path, label="standup")
    subprocess.run([BINARY, "alarm", "list"], env=env, check=True, capture_output=True)  # its watcher rings it
    assert wait_for(lambda: said(record) == ["alarm: standup"]), said(record)
    assert subprocess.run([BINARY, "alarm", "stop"], env=env, capture_output=True, text=True).stdout.strip() == "stopped 1 alarm"


# LANG's language, or LANGUAGE's over any locale but C: each catalogue is found and read.
@pytest.mark.parametrize("lang, languages, summary", [
    ("vi_VN.UTF-8", "", "Hẹn giờ đã xong: tea"), ("de_DE.UTF-8", "", "Timer abgelaufen: tea"),
    ("ja_JP.UTF-8", "", "タイマー終了: tea"), ("C.UTF-8", "fr", "Minuteur terminé : tea"),
    ("C.UTF-8", "es", "Temporizador terminado: tea"), ("C.UTF-8", "pt_BR", "Temporizador encerrado: tea"),
    ("C.UTF-8", "zh_CN", "计时结束：tea"), ("ar_EG.UTF-8", "", "انتهى المؤقّت: tea"),
])
def test_a_timers_notification_is_in_the_readers_language(world, lang, languages, summary):
    server, env, tmp_path = world
    env = {**env, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": languages}
    done = subprocess.run([BINARY, "timer", "1s", "--plain", "--name", "tea", "--no-sound"], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert wait_for(lambda: server.notifications())
    assert server.notifications()[0][0] == summary, server.notifications()
    state = str(tmp_path / "state")
    assert wait_for(lambda: state not in our_processes().values(), timeout=30), our_processes()
