"""The desktop app (`clockwork-desktop`) under a real X server, driven as a screen-reader user
drives it: through its accessibility tree (AT-SPI on the test's own session bus), by the
controls' accessible names, never by coordinates. What it does is read back with the command
line (`clockwork status`, `timer --list`, `alarm list`) on the same state folder.

Run by `make test` (pytest). Time is real: the tests wait for what is shown, with time limits.
"""
import json
import os
import shutil
import subprocess
import time

import pytest

from test_window import display  # noqa: F401

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(ROOT, ".build", "debug", "clockwork"))
DESKTOP = os.path.join(os.path.dirname(BINARY), "clockwork-desktop")

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (scripts/setup installs it)")

# Roles a person acts on: each must have a name of its own.
CONTROLS = {"push button", "toggle button", "radio button", "entry", "text", "switch", "spin button", "check box"}
GENERIC = {"button", "toggle", "switch", "entry", "text", "edit"}


def wait_for(predicate, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()


@pytest.fixture(scope="module")
def app(display, tmp_path_factory):  # noqa: F811
    """The app on a private session bus (its accessibility bus started from it), its state in a
    folder of its own; pyatspi and the app's root accessible."""
    folder = tmp_path_factory.mktemp("desktop")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = bus.stdout.readline().strip()
    env = {**os.environ, "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "XDG_STATE_HOME": str(folder / "state"),
           "GSK_RENDERER": "cairo", "TZ": "UTC", "GTK_A11Y": "atspi"}
    env.pop("NO_AT_BRIDGE", None)
    before = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address  # read by pyatspi when first imported
    process = subprocess.Popen([DESKTOP], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import pyatspi

    def find_app():
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name in ("io.github.clockwork.Clockwork", "Clockwork", "clockwork-desktop"):
                return child
        return None

    root = wait_for(find_app, timeout=30)
    assert root is not None, process.stderr.read1().decode() if process.poll() is not None else "the app is not on the accessibility bus"
    yield pyatspi, root, env
    process.terminate()
    process.wait(timeout=10)
    bus.terminate()
    bus.wait()
    if before is None:
        os.environ.pop("DBUS_SESSION_BUS_ADDRESS", None)
    else:
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = before


def named(pyatspi, within, name, roles):
    """The first node under `within` named `name` whose role is one of `roles`."""
    return pyatspi.findDescendant(within, lambda node: node is not None and node.name == name and node.getRoleName() in roles)


def press(control):
    assert control is not None
    control.queryAction().doAction(0)


def page(pyatspi, root, title):
    """Opens the page `title` by its tab, and returns the page."""
    press(wait_for(lambda: named(pyatspi, root, title, ("page tab", "toggle button", "radio button"))))
    found = wait_for(lambda: named(pyatspi, root, title, ("panel", "filler")))
    assert found is not None, f"no page {title!r}"
    return found


def clockwork(env, *arguments):
    return subprocess.run([BINARY, *arguments], env=env, capture_output=True, text=True, timeout=30)


def test_the_four_pages_are_there_and_every_control_has_a_name(app):
    pyatspi, root, _ = app
    for title in ("World", "Alarms", "Stopwatch", "Timer"):
        shown = page(pyatspi, root, title)
        controls = pyatspi.findAllDescendants(root, lambda node: node is not None and node.getRoleName() in CONTROLS)
        unnamed = [(node.getRoleName(), node.name) for node in controls if not node.name.strip() or node.name.strip().lower() in GENERIC]
        assert unnamed == [], f"{title}: {unnamed}"
        assert len(controls) >= 4, f"{title}: {[(n.getRoleName(), n.name) for n in controls]}"
        assert shown.childCount > 0


def test_start_on_the_stopwatch_page_starts_the_stopwatch_the_command_line_sees(app):
    pyatspi, root, env = app
    stopwatch = page(pyatspi, root, "Stopwatch")
    press(named(pyatspi, stopwatch, "Start", ("push button",)))
    def running():
        items = json.loads(clockwork(env, "status", "--format", "json").stdout or "[]")
        items = items.get("items", items) if isinstance(items, dict) else items
        return [item for item in items if item.get("kind") == "stopwatch" and not item.get("paused")]
    assert wait_for(running), clockwork(env, "status", "--format", "json").stdout
    stop = wait_for(lambda: named(pyatspi, stopwatch, "Stop", ("push button",)))
    assert stop is not None, "Start became Stop"
    press(stop)


def test_a_duration_typed_into_the_timer_page_starts_a_timer_the_command_line_lists(app):
    pyatspi, root, env = app
    timer = page(pyatspi, root, "Timer")
    duration = named(pyatspi, timer, "Duration", ("entry", "text"))
    assert duration is not None, "no Duration field"
    duration.queryEditableText().setTextContents("2m")
    named(pyatspi, timer, "Name", ("entry", "text")).queryEditableText().setTextContents("tea")
    press(named(pyatspi, timer, "Start", ("push button",)))
    listed = wait_for(lambda: "tea" in clockwork(env, "timer", "--list").stdout and clockwork(env, "timer", "--list").stdout)
    assert listed and "left" in listed, clockwork(env, "timer", "--list")
    # Shown in the app's list, with a named way to cancel it.
    cancel = wait_for(lambda: named(pyatspi, timer, "Cancel timer tea", ("push button",)))
    # The row counts down in place: the Cancel a keyboard or screen reader is on stays.
    time.sleep(2.2)
    assert not cancel.getState().contains(pyatspi.STATE_DEFUNCT)
    assert named(pyatspi, timer, "Cancel timer tea", ("push button",)) == cancel
    press(cancel)
    assert wait_for(lambda: "tea" not in clockwork(env, "timer", "--list").stdout)


def test_an_alarm_added_in_the_app_is_the_command_lines(app):
    pyatspi, root, env = app
    alarms = page(pyatspi, root, "Alarms")
    named(pyatspi, alarms, "Alarm time", ("entry", "text")).queryEditableText().setTextContents("7:30")
    named(pyatspi, alarms, "Label", ("entry", "text")).queryEditableText().setTextContents("standup")
    press(named(pyatspi, alarms, "Add alarm", ("push button",)))
    listed = wait_for(lambda: "standup" in clockwork(env, "alarm", "list").stdout and clockwork(env, "alarm", "list").stdout)
    assert listed and "07:30" in listed, clockwork(env, "alarm", "list")
    def control(prefix, suffix, roles):
        return pyatspi.findDescendant(alarms, lambda n: n is not None and n.getRoleName() in roles and n.name.startswith(prefix) and n.name.endswith(suffix))
    switch = wait_for(lambda: control("Alarm 07:30", "standup", ("switch", "toggle button", "check box")))
    assert switch is not None, [(n.getRoleName(), n.name) for n in pyatspi.findAllDescendants(alarms, lambda n: n is not None and n.getRoleName() in CONTROLS)]
    press(switch)
    assert wait_for(lambda: "off" in clockwork(env, "alarm", "list").stdout), clockwork(env, "alarm", "list").stdout
    press(wait_for(lambda: control("Delete alarm 07:30", "standup", ("push button",))))
    assert wait_for(lambda: "standup" not in clockwork(env, "alarm", "list").stdout)


def test_the_window_is_the_desktop_entrys(app):
    """Its WM class is the one the desktop entry names (StartupWMClass), so a dock groups it
    under the entry's icon; its title reads as it is spelled."""
    _, _, env = app
    windows = wait_for(lambda: subprocess.run(["xdotool", "search", "--name", "^Clockwork$"], env=env, capture_output=True, text=True).stdout.split())
    assert windows, "no window titled Clockwork"
    properties = subprocess.run(["xprop", "-id", windows[0], "WM_CLASS", "_NET_WM_NAME"], env=env, capture_output=True, text=True).stdout
    assert '"io.github.clockwork.Clockwork"' in properties and '_NET_WM_NAME(UTF8_STRING) = "Clockwork"' in properties, properties


def test_the_terminal_app_links_no_gui_toolkit():
    linked = subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout
    assert not [line for line in linked.splitlines() if any(name in line for name in ("libgtk", "libadwaita", "libSDL"))], linked
