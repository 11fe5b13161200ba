"""Sound: a real PulseAudio server with a null sink on a private runtime folder; what reaches
the sink is recorded from its monitor and measured. The timer's end sounds (the sound theme's
`complete`, or --sound FILE); --no-sound sounds nothing; an alarm sounds until `alarm stop`."""
import array
import fcntl
import json
import os
import re
import shutil
import subprocess
import time

import pytest

from conftest import our_processes

from test_alerts import BINARY, NotificationServer, saved_alarm, wait_for, watcher_pid

pytestmark = pytest.mark.skipif(shutil.which("pulseaudio") is None, reason="no PulseAudio to play to")


class SoundServer:
    def __init__(self, folder):
        self.runtime = folder / "runtime"
        self.runtime.mkdir(mode=0o700)
        self.env = {**os.environ, "XDG_RUNTIME_DIR": str(self.runtime), "HOME": str(folder)}
        self.server = subprocess.Popen(
            ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "-n", "--load=module-null-sink sink_name=null",
             "--load=module-native-protocol-unix", "--load=module-always-sink"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(lambda: subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode == 0, timeout=10)

    def record(self, seconds):
        """Starts recording what the sink plays, for `seconds`; `loudness()` reads it after."""
        self.recording = subprocess.Popen(
            # Low latency, and SIGINT at the end: parec then writes all it has (SIGTERM loses the
            # last second, where a stream that starts late plays).
            ["timeout", "-s", "INT", str(seconds), "parec", "--latency-msec=20", "-d", "null.monitor", "--raw", "--format=s16le",
             "--rate=8000", "--channels=1"],
            env=self.env, stdout=subprocess.PIPE)
        time.sleep(0.3)

    def loudness(self):
        """The loudest sample recorded (0 to 32767)."""
        samples = array.array("h")
        samples.frombytes(self.recording.communicate()[0])
        return max((abs(s) for s in samples), default=0)

    def close(self):
        self.server.terminate()
        self.server.wait()


@pytest.fixture
def sound(tmp_path):
    server = SoundServer(tmp_path)
    notifications = NotificationServer(tmp_path)
    env = {**server.env, "DBUS_SESSION_BUS_ADDRESS": notifications.address, "XDG_STATE_HOME": str(tmp_path / "state"), "TZ": "UTC"}
    yield server, env, tmp_path
    notifications.close()
    server.close()
    lock = tmp_path / "state" / "clockwork" / "watcher.lock"
    if lock.exists() and lock.read_text().strip():
        try:
            os.kill(int(lock.read_text()), 9)
        except ProcessLookupError:
            pass
    # A ringer cut short by the watcher's end leaves within its half-second poll: the test waits
    # for what it started rather than leaving it to the run's sweep.
    assert wait_for(lambda: not [state for state in our_processes().values() if state.startswith(str(tmp_path))], timeout=10), our_processes()


def test_a_timer_sounds_at_its_end_and_no_sound_sounds_nothing(sound):
    server, env, tmp_path = sound
    server.record(3)
    subprocess.run([BINARY, "timer", "1s", "--plain"], env=env, check=True, capture_output=True, timeout=15)
    assert server.loudness() > 1000, "the sound theme's 'complete' was played"
    server.record(3)
    subprocess.run([BINARY, "timer", "1s", "--plain", "--no-sound", "--name", "quiet"], env=env, check=True, capture_output=True, timeout=15)
    assert server.loudness() == 0, "--no-sound"
    server.record(3)
    bell = "/usr/share/sounds/freedesktop/stereo/bell.oga"
    subprocess.run([BINARY, "timer", "1s", "--plain", "--sound", bell, "--name", "own"], env=env, check=True, capture_output=True, timeout=15)
    assert server.loudness() > 1000, "--sound FILE"
    missing = subprocess.run([BINARY, "timer", "1s", "--plain", "--sound", "/nowhere.oga"], env=env, capture_output=True, text=True)
    assert missing.returncode == 64 and "--sound /nowhere.oga: no such file" in missing.stderr


def test_an_alarm_sounds_until_it_is_stopped(sound):
    server, env, tmp_path = sound
    state = saved_alarm(tmp_path, label="wake")
    subprocess.run([BINARY, "alarm", "list"], env=env, check=True, capture_output=True)  # starts the watcher, which rings it
    assert wait_for(lambda: json.loads((state / "alarms.json").read_text())["value"]["alarms"][0].get("lastRing"))
    time.sleep(3)  # past the first play of the sound (about 2 s)
    server.record(2)
    assert server.loudness() > 1000, "still sounding after the first time"
    stopped = subprocess.run([BINARY, "alarm", "stop"], env=env, capture_output=True, text=True, check=True)
    assert stopped.stdout.strip() == "stopped 1 alarm"
    time.sleep(1)  # a stop cuts the play under way within half a second
    server.record(3)
    assert server.loudness() == 0, "silent once stopped"


@pytest.mark.parametrize("options, loud", [([], True), (["--no-sound"], False)])
def test_the_watcher_sounds_a_killed_timer_as_it_was_asked(sound, options, loud):
    server, env, tmp_path = sound
    app = subprocess.Popen([BINARY, "timer", "2s", "--plain", *options], env=env, stdout=subprocess.PIPE)
    assert app.stdout.readline().strip() == b"0:02"
    app.kill()
    app.wait()
    server.record(4)
    assert (server.loudness() > 1000) == loud, "the sound choice is kept with the timer for the watcher"


def test_an_alarm_sounds_five_minutes_at_most(sound):
    server, env, tmp_path = sound
    # Rung 295 s ago, as its own process would be told: five seconds of sounding are left.
    rang = time.time() - 295
    state = saved_alarm(tmp_path, lastRing=rang)
    # The watcher's lock held, so that only this process rings it.
    with open(state / "watcher.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ringer = subprocess.Popen([BINARY + "-alerts", "--sound-alarm", "1", "--rang", repr(rang), "--owed", repr(rang)], env=env)
        server.record(3)
        assert server.loudness() > 1000, "it sounds"
        assert ringer.wait(timeout=10) == 0
        # Asked twice a second, and the process then exits: within two seconds of five minutes.
        assert time.time() - rang < 300 + 2, "and stops at five minutes, cutting the play under way"
        server.record(2)
        assert server.loudness() == 0


def test_a_chime_sounds_at_its_quarter_hour_with_no_window_open(sound):
    """A chime every quarter hour, in a zone whose clock is at a quarter hour 5 s from now, and
    near noon, inside the chimes' 00:00–23:00 (a POSIX zone east of UTC): the watcher `chime`
    started sounds the bell then, once. (A zone only minutes east put 23:xx UTC outside it.)"""
    server, env, tmp_path = sound
    offset = int(900 - (time.time() + 5) % 900) % 900
    offset += (12 - time.gmtime(time.time() + 5 + offset).tm_hour) % 24 * 3600
    env = {**env, "TZ": f"CWT-{offset // 3600}:{offset % 3600 // 60:02}:{offset % 60:02}"}
    added = subprocess.run([BINARY, "chime", "--every", "15m"], env=env, capture_output=True, text=True, timeout=30)
    assert added.returncode == 0 and re.search(r"alarm 1: chime every 15 min, 00:00–23:00, every day, next .* \(in [456] s\)", added.stdout), added
    server.record(9)
    state = tmp_path / "state" / "clockwork" / "alarms.json"
    assert wait_for(lambda: json.loads(state.read_text())["value"]["alarms"][0].get("lastRing"), timeout=15)
    assert server.loudness() > 1000, "the bell sounded"
    subprocess.run([BINARY, "alarm", "remove", "1"], env=env, capture_output=True, timeout=30)
    assert wait_for(lambda: watcher_pid(tmp_path) is None)
