"""Timers and alarms under the faults that lost or misdelivered alerts: a killed watcher, a
terminal number reused by another program, a session bus that changed, a week of missed alarms,
a stored number at the edge. Real processes, a private session bus; waits have time limits and
nothing asserts how long anything took."""
import json
import os
import re
import select
import signal
import subprocess
import time

import conftest
from test_alerts import BINARY, NotificationServer, PtyApp, saved_alarm, wait_for, watcher_pid, world  # noqa: F401


def run(env, *arguments):
    return subprocess.run([BINARY, *arguments], env=env, capture_output=True, text=True, timeout=30)


def killed_timer(env, seconds, name):
    """A plain timer whose run is killed at once: left running, with no window."""
    app = subprocess.Popen([BINARY, "timer", seconds, "--plain", "--name", name], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()


def test_a_killed_watcher_is_started_again_by_the_next_command_and_the_timer_rings_once(world):
    server, env, tmp_path = world
    killed_timer(env, "6s", "tea")
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    os.kill(watcher_pid(tmp_path), signal.SIGKILL)
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    listed = run(env, "timer", "--list")  # reads the timers: makes sure something will ring them
    assert listed.returncode == 0 and "tea" in listed.stdout
    assert wait_for(lambda: watcher_pid(tmp_path) is not None), "the next command starts a watcher again"
    assert wait_for(lambda: server.notifications(), timeout=20)
    assert [n[0] for n in server.notifications()] == ["Timer finished: tea"]
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_an_end_that_passed_with_nothing_to_ring_it_is_rung_late_by_the_next_command(world):
    server, env, tmp_path = world
    killed_timer(env, "1s", "eggs")
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    os.kill(watcher_pid(tmp_path), signal.SIGKILL)
    time.sleep(5)  # the end passes with nothing to ring it
    assert server.notifications() == []
    said = run(env, "alarm", "list")
    assert re.search(r"clockwork: timer 'eggs' ended at \d\d:\d\d:\d\d, \d+ s ago, with nothing to ring it: ringing it now", said.stderr), said.stderr
    assert wait_for(lambda: server.notifications())
    summary, body, _ = server.notifications()[0]
    assert summary == "Timer finished: eggs" and re.search(r"\(rung \d+ s late: nothing could ring it then\)$", body), body
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    assert len(server.notifications()) == 1
    assert "finished at" in run(env, "timer", "--list").stdout


def test_a_terminal_number_reused_by_another_program_is_never_written_to(tmp_path):
    state = tmp_path / "state"
    env = {"XDG_STATE_HOME": str(state), "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path}/no-bus", "TZ": "UTC"}
    # The timer is its terminal session's leader; q leaves it running with no window.
    first = PtyApp([BINARY, "timer", "3s", "--name", "tea"], 80, 24, env=env)
    assert first.pump_until(lambda app: "tea" in app.text(), timeout=15)
    saved = json.loads((state / "clockwork" / "timers" / "tea.json").read_text())["value"]
    path = saved["tty"]["path"]
    first.send("q")
    assert first.wait(timeout=10) == 130
    first.close()
    # Another program gets the same terminal number (the lowest free one).
    master, slave = os.openpty()
    try:
        assert os.ttyname(slave) == path, "the number was reused"
        said = []  # what each command said on its standard error, in order

        def listed():
            result = run({**os.environ, **env}, "timer", "--list")
            said.append(result.stderr)
            return "finished at" in result.stdout
        assert wait_for(listed, timeout=20)
        time.sleep(0.5)
        readable, _, _ = select.select([master], [], [], 0.2)
        assert not readable, "nothing was written into the other program's terminal: " + repr(os.read(master, 4096) if readable else b"")
    finally:
        os.close(master)
        os.close(slave)
    # What no one could be told is said by the next command, once.
    said.append(run({**os.environ, **env}, "timer", "--list").stderr)
    told = [text for text in said if "Timer finished: tea" in text]
    assert len(told) == 1 and "no one could be told" in told[0], said
    wait_for(lambda: watcher_pid(tmp_path) is None)


def test_the_terminal_of_a_session_that_still_lasts_is_told(tmp_path):
    env = {"XDG_STATE_HOME": str(tmp_path / "state"), "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path}/no-bus", "TZ": "UTC"}
    # A shell leads the session; the timer it started is killed, the shell stays.
    shell = PtyApp(["/bin/sh", "-c", f"timeout -s KILL 1 {BINARY} timer 3s --plain --name tea; sleep 8"], 80, 24, env=env)
    try:
        assert shell.pump_until(lambda app: b"]777;notify;clockwork;Timer finished: tea" in app.raw, timeout=15)
    finally:
        shell.close()
    wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_watcher_born_with_no_session_bus_rings_in_the_session_of_the_latest_command(world):
    server, env, tmp_path = world
    # An alarm far ahead keeps a watcher; it is started from a shell with no session bus.
    no_bus = {**env, "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp_path}/no-bus"}
    assert run(no_bus, "alarm", "add", time.strftime("%H:%M", time.gmtime(time.time() + 6 * 3600)), "--zone", "UTC").returncode == 0
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    watcher = watcher_pid(tmp_path)
    with open(f"/proc/{watcher}/environ", "rb") as environ:
        assert b"no-bus" in environ.read()
    killed_timer(env, "2s", "tea")  # started in the session with the bus
    assert watcher_pid(tmp_path) == watcher, "the same watcher rings it"
    assert wait_for(lambda: server.notifications())
    assert server.notifications()[0][0] == "Timer finished: tea"
    run(env, "alarm", "remove", "1")
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_week_of_missed_alarms_is_one_ringer_and_two_notifications(world):
    server, env, tmp_path = world
    state = saved_alarm(tmp_path)
    week_ago = time.time() - 7 * 86400
    alarms = [{"id": n, "hour": n % 24, "minute": 0, "days": [], "label": f"a{n}", "zone": "UTC", "enabled": True, "created": week_ago} for n in range(1, 51)]
    (state / "alarms.json").write_text(json.dumps({"version": 1, "value": {"alarms": alarms}}))
    most = 0
    run(env, "alarm", "list")
    end = time.monotonic() + 15
    while time.monotonic() < end and len(server.notifications()) < 2:
        ours = [state for state in conftest.our_processes().values() if state.startswith(str(tmp_path))]
        most = max(most, len(ours))
        time.sleep(0.02)
    assert wait_for(lambda: len(server.notifications()) >= 2)
    time.sleep(1)
    notifications = server.notifications()
    assert len(notifications) == 2, notifications
    listing = [n for n in notifications if n[0] == "49 more alarms missed"]
    assert len(listing) == 1 and listing[0][1].endswith("and 39 more"), notifications
    alone = [n[0] for n in notifications if n[0] != "49 more alarms missed"]
    assert len(alone) == 1 and re.fullmatch(r"Alarm: a\d+", alone[0]), "the latest rings on its own"
    assert f"'{alone[0][len('Alarm: '):]}'" not in listing[0][1], "and is not listed again"

    assert 1 <= most <= 3, f"{most} processes at once"
    run(env, "alarm", "stop")
    for n in range(1, 51):
        run(env, "alarm", "remove", str(n))
    assert wait_for(lambda: watcher_pid(tmp_path) is None, timeout=30)


def test_an_alarm_id_at_the_largest_integer_crashes_nothing(world):
    server, env, tmp_path = world
    saved_alarm(tmp_path, id=9223372036854775807, enabled=False)
    added = run(env, "alarm", "add", "7:00")
    assert added.returncode == 0 and added.stdout.startswith("alarm 1: 07:00"), added
    assert "alarm 9223372036854775807:" in run(env, "alarm", "list").stdout
    run(env, "alarm", "remove", "1")
    run(env, "alarm", "remove", "9223372036854775807")
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_corrupt_alarms_file_set_aside_by_the_watcher_is_told_by_the_next_command(world):
    server, env, tmp_path = world
    killed_timer(env, "30s", "tea")  # keeps a watcher
    assert wait_for(lambda: watcher_pid(tmp_path) is not None)
    state = tmp_path / "state" / "clockwork"
    (state / "alarms.json").write_text("{ not json")
    assert wait_for(lambda: any(p.name.startswith("alarms.json.corrupt-") for p in state.iterdir())), "the watcher set it aside"
    said = run(env, "alarm", "list")
    assert re.search(r"clockwork: warning: .*alarms.json is corrupt or truncated; moved it to alarms.json.corrupt-\d+", said.stderr), said.stderr
    run(env, "timer", "--cancel", "--name", "tea")
    assert wait_for(lambda: watcher_pid(tmp_path) is None)


def test_a_ringer_killed_the_instant_it_takes_a_phase_end_loses_no_phase(world):
    """Each ringer is killed (-9) as soon as its claim on a phase's end appears, before it can
    save the next phase: the claim is taken back, and every phase still rings, in order."""
    server, env, tmp_path = world
    app = subprocess.Popen([BINARY, "timer", "--sequence", "a 2s, b 1s, c 1s", "--plain", "--name", "focus"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()
    timers = tmp_path / "state" / "clockwork" / "timers"
    killed = []
    deadline = time.monotonic() + 20
    while len(killed) < 3 and time.monotonic() < deadline:
        for entry in os.listdir(timers):
            taken = re.fullmatch(r"\.focus\.ringing-(\d+)", entry)
            if taken and int(taken[1]) not in killed:
                try:
                    os.kill(int(taken[1]), signal.SIGKILL)
                    killed.append(int(taken[1]))
                except ProcessLookupError:
                    pass
    assert len(killed) == 3, f"ringers killed while holding an end: {killed}"
    assert wait_for(lambda: any(n[0] == "c done — focus finished" for n in server.notifications()), timeout=30), " | ".join(n[0] for n in server.notifications())
    summaries = [n[0] for n in server.notifications()]
    firsts = [next(i for i, s in enumerate(summaries) if s.startswith(f"{phase} done")) for phase in "abc"]
    assert firsts == sorted(firsts), summaries
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
    assert not [e for e in os.listdir(timers) if ".ringing-" in e or ".staged-" in e], os.listdir(timers)


def test_a_full_disk_at_a_phase_change_loses_no_phase(world, small_disk):
    """The disk fills before the first phase ends: the next phases cannot be saved, so the
    ringer keeps them in memory, says so, and rings each at its end."""
    server, env, _ = world
    env = {**env, "XDG_STATE_HOME": str(small_disk / "state")}
    app = subprocess.Popen([BINARY, "timer", "--sequence", "a 2s, b 1s, c 1s", "--plain", "--name", "focus"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()
    assert wait_for(lambda: watcher_pid(small_disk) is not None)
    conftest.fill(small_disk)
    try:
        assert wait_for(lambda: any(n[0] == "c done — focus finished" for n in server.notifications()), timeout=30), " | ".join(n[0] for n in server.notifications())
        summaries = [n[0] for n in server.notifications()]
        phases = [s for s in summaries if " done" in s]
        assert phases == ["a done — b 0:01 starts", "b done — c 0:01 starts", "c done — focus finished"], summaries
        told = [n for n in server.notifications() if "kept in memory" in n[0]]
        assert len(told) == 1 and "No space left on device" in told[0][1], summaries
    finally:
        os.remove(small_disk / "filler")
    assert wait_for(lambda: watcher_pid(small_disk) is None)


def test_a_timer_in_a_read_only_state_folder_rings_once_and_is_kept_until_it_can_be_saved(world, small_disk):
    """The state folder turns read-only before the end: the timer rings all the same, once, and
    says it could not be saved; once the folder can be written, it is saved as rung."""
    server, env, _ = world
    env = {**env, "XDG_STATE_HOME": str(small_disk / "state")}
    app = subprocess.Popen([BINARY, "timer", "2s", "--plain", "--name", "tea"], env=env, stdout=subprocess.PIPE)
    app.stdout.readline()
    app.kill()
    app.wait()
    assert wait_for(lambda: watcher_pid(small_disk) is not None)
    # A read-only view of the folder over it (the watcher's log, open for writing, keeps the
    # disk itself from being remounted read-only).
    state = small_disk / "state"
    subprocess.run(["mount", "--bind", str(state), str(state)], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", str(state)], check=True)
    try:
        assert wait_for(lambda: any(n[0] == "Timer finished: tea" for n in server.notifications()), timeout=20), server.notifications()
        time.sleep(3)  # the watcher looks again each second: the end is not rung again
        summaries = [n[0] for n in server.notifications()]
        assert summaries.count("Timer finished: tea") == 1, summaries
        told = [n for n in server.notifications() if n[0] == "Timer tea: kept in memory"]
        assert len(told) == 1 and "Read-only file system" in told[0][1], summaries
    finally:
        subprocess.run(["umount", "-l", str(state)], check=True)
    saved = small_disk / "state" / "clockwork" / "timers" / "tea.json"
    assert wait_for(lambda: "rungAt" in saved.read_text(), timeout=20), "saved as rung once it could be"
    assert wait_for(lambda: watcher_pid(small_disk) is None)
    assert [n[0] for n in server.notifications()].count("Timer finished: tea") == 1
