"""Timers and alarms rung by a real systemd user manager: `systemd --user`, run for the test
in a mount namespace of its own (where /run/systemd/system exists, as on a machine booted with
systemd, which is what a user manager asks), with the test's notification server.

Run by `make test` (pytest, as root: the namespace needs it). Time here is real: the tests wait
for what the server records, with time limits, and never assert how long anything took.
"""
import os
import re
import subprocess
import time

import pytest

from test_alerts import BINARY, NotificationServer, may_wake_machine, saved_alarm, wait_for, watcher_pid

from terminal.usermanager import UserManager


@pytest.fixture
def manager(tmp_path):
    # The session bus where a user manager says it is (and tells its services): in its runtime folder.
    (tmp_path / "runtime").mkdir(mode=0o700)
    server = NotificationServer(tmp_path, address=f"unix:path={tmp_path / 'runtime' / 'bus'}")
    env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(tmp_path / "state"), "TZ": "UTC"}
    try:
        manager = UserManager(tmp_path, env)
    except RuntimeError as reason:
        server.close()
        pytest.skip(str(reason))
    yield manager, server, tmp_path
    manager.close()
    server.close()


def test_a_timer_whose_window_is_killed_is_rung_by_the_user_manager_once(manager):
    manager, server, tmp_path = manager
    marker = tmp_path / "exec-ran"
    # An --exec that outlives the unit's run (systemd stops what a finished unit left, unless told).
    app = manager.popen(BINARY, "timer", "3s", "--plain", "--name", "tea", "--exec", f"sleep 1; echo $CLOCKWORK_TIMER_NAME > {marker}", stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:03"
    assert wait_for(lambda: len(manager.timers()) == 1), manager.timers()
    unit = next(iter(manager.timers()))
    assert re.fullmatch(r"clockwork-timer-[0-9a-f]{16}\.timer", unit)
    # It wakes the machine from suspend for its end, where the manager may (a real-time clock
    # alarm and CAP_WAKE_ALARM: a manager that may not fails a unit that asks).
    shown = manager.run("systemctl", "--user", "show", unit, "--property=WakeSystem").stdout.strip()
    assert shown == ("WakeSystem=yes" if may_wake_machine() else "WakeSystem=no"), shown
    app.kill()
    app.wait()
    assert watcher_pid(tmp_path) is None, "no watcher of ours waits: the manager has the timer"
    assert wait_for(lambda: server.notifications())
    summary, body, urgency = server.notifications()[0]
    assert summary == "Timer finished: tea" and body.startswith("0:03 timer, ended at ") and urgency == 2
    assert wait_for(lambda: manager.timers() == {}), "the transient unit is gone once it has run"
    assert wait_for(lambda: marker.exists() and marker.read_text() == "tea\n"), "--exec ran to its end"
    time.sleep(1)
    assert len(server.notifications()) == 1, "rung once"
    assert watcher_pid(tmp_path) is None
    listed = manager.run(BINARY, "timer", "--list").stdout
    assert re.match(r"tea\s+finished at ", listed), "a rung timer is remembered: " + listed


def test_a_cancelled_or_paused_timer_has_no_unit_and_never_rings(manager):
    manager, server, tmp_path = manager
    app = manager.popen(BINARY, "timer", "2s", "--plain", "--name", "eggs", stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:02"
    app.kill()
    app.wait()
    assert wait_for(lambda: len(manager.timers()) == 1)
    cancelled = manager.run(BINARY, "timer", "--cancel", "--name", "eggs")
    assert cancelled.returncode == 0, cancelled.stderr
    assert manager.timers() == {}, "cancelling removes the scheduled alert"
    time.sleep(2.5)  # past the end
    assert server.notifications() == []


def test_a_timer_shown_to_its_end_is_rung_by_its_window_alone(manager):
    manager, server, tmp_path = manager
    app = manager.popen(BINARY, "timer", "2s", "--plain", "--name", "soup", stdout=subprocess.PIPE)
    assert app.wait(timeout=15) == 0
    assert wait_for(lambda: server.notifications())
    time.sleep(1.5)  # the unit's run at the end, which leaves it to the window, is over
    assert len(server.notifications()) == 1 and server.calls()[0][3] == app.pid, "rung by the window (nsenter execs it: the same pid)"
    assert manager.timers() == {}


def test_alarms_are_timer_units_the_manager_runs(manager):
    manager, server, tmp_path = manager
    added = manager.run(BINARY, "alarm", "add", "7:00", "--days", "mon-fri", "--label", "standup", "--zone", "Europe/Berlin")
    assert added.returncode == 0, added.stderr
    units = tmp_path / "config" / "systemd" / "user"
    assert (units / "clockwork-alarm-1.timer").exists() and (units / "clockwork-alerts.service").exists()
    timers = manager.timers(zone="Europe/Berlin")
    assert list(timers) == ["clockwork-alarm-1.timer"], timers
    # The manager's next elapse is the alarm's next ring, as `alarm list` says it (in its zone).
    listed = manager.run(BINARY, "alarm", "list").stdout
    next_ring = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", listed)[0]
    assert next_ring in timers["clockwork-alarm-1.timer"], (listed, timers)
    assert watcher_pid(tmp_path) is None, "the manager has the alarm: no watcher of ours waits"
    # It wakes the machine from suspend where the manager may; else that is said, once.
    shown = manager.run("systemctl", "--user", "show", "clockwork-alarm-1.timer", "--property=WakeSystem").stdout.strip()
    assert shown == ("WakeSystem=yes" if may_wake_machine() else "WakeSystem=no"), shown
    assert ("will not wake" in added.stderr) != may_wake_machine(), added.stderr
    removed = manager.run(BINARY, "alarm", "remove", "1")
    assert removed.returncode == 0, removed.stderr
    assert manager.timers() == {}


def test_a_snoozed_alarm_is_rung_by_the_manager_at_the_snoozes_end(manager):
    manager, server, tmp_path = manager
    # An alarm that rang a minute ago (its next time far off), snoozed for two seconds.
    saved_alarm(tmp_path, lastRing=time.time() - 60, created=time.time() - 3600, hour=(time.gmtime().tm_hour + 12) % 24)
    snoozed = manager.run(BINARY, "alarm", "snooze", "2s")
    assert snoozed.returncode == 0 and snoozed.stdout.startswith("alarm 1 snoozed until "), snoozed.stderr
    assert "clockwork-alarm-1.timer" in manager.timers()
    assert wait_for(lambda: server.notifications())
    assert server.notifications()[0][0] == "Alarm: standup"
    time.sleep(1.5)
    assert len(server.notifications()) == 1, "rung once"
    assert watcher_pid(tmp_path) is None, "by the manager's unit: no watcher of ours"
    stopped = manager.run(BINARY, "alarm", "stop")  # its sound, if a sound server had played it
    assert stopped.returncode == 0, stopped.stderr
