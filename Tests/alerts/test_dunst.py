"""A real notification daemon, dunst, under a private X server and session bus: a timer's
notification shows the app's own icon, found in the hicolor theme where it is installed."""
import json
import os
import shutil
import subprocess
import time

import pytest

from terminal import xserver
from test_alerts import BINARY, wait_for, watcher_pid

pytestmark = pytest.mark.skipif(
    shutil.which("dunst") is None or shutil.which("Xvfb") is None, reason="dunst and Xvfb are installed by scripts/setup --tests")
ICON = "io.github.clockwork.Clockwork"


def test_a_timers_notification_in_dunst_has_the_apps_icon(tmp_path):
    share = tmp_path / "share"
    icons = share / "icons" / "hicolor"
    (icons / "48x48" / "apps").mkdir(parents=True)
    # As `make install` lays it out: the theme's index and the icon drawn by the app.
    shutil.copy("/usr/share/icons/hicolor/index.theme", icons / "index.theme")
    icon = icons / "48x48" / "apps" / f"{ICON}.png"
    subprocess.run([BINARY, "render", "clock", "--at", "10:08:42", "--size", "48", "-o", str(icon)], check=True)
    (tmp_path / "dunstrc").write_text("[global]\n    enable_recursive_icon_lookup = true\n    icon_theme = hicolor\n    min_icon_size = 32\n    max_icon_size = 64\n")
    server, display = xserver.start(screen="800x600x24")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    env = {**os.environ, "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_DATA_DIRS": f"{share}:/usr/share",
           "XDG_STATE_HOME": str(tmp_path / "state")}
    log = tmp_path / "dunst.log"
    with open(log, "w") as output:
        dunst = subprocess.Popen(["dunst", "-conf", str(tmp_path / "dunstrc")], env=env, stdout=output, stderr=output)
    try:
        assert wait_for(lambda: "org.freedesktop.Notifications" in subprocess.run(
            ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"],
            env=env, capture_output=True, text=True).stdout), "dunst is on the bus"
        subprocess.run([BINARY, "timer", "1s", "--plain", "--name", "tea", "--no-sound"], env=env, check=True, capture_output=True, timeout=20)
        assert wait_for(lambda: "1" in subprocess.run(["dunstctl", "count", "displayed"], env=env, capture_output=True, text=True).stdout)
        subprocess.run(["dunstctl", "close-all"], env=env, check=True)
        time.sleep(0.3)
        history = json.loads(subprocess.run(["dunstctl", "history"], env=env, capture_output=True, text=True, check=True).stdout)
        shown = [(n["summary"]["data"], n["icon_path"]["data"]) for n in history["data"][0]]
        assert shown == [("Timer finished: tea", str(icon))], shown
        assert "Failed to load" not in log.read_text() and "No icon found" not in log.read_text(), log.read_text()
        assert wait_for(lambda: watcher_pid(tmp_path) is None)
    finally:
        for process in (dunst, bus, server):
            process.terminate()
            process.wait()
