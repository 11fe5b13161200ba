"""The desktop app (`clockwork-desktop`) under a real X server, driven as a screen-reader user
drives it: through its accessibility tree (AT-SPI on the test's own session bus), by the
controls' accessible names, never by coordinates. What it does is read back with the command
line (`clockwork status`, `timer --list`, `alarm list`) on the same state folder.

Run by `make test` (pytest). Time is real: the tests wait for what is shown, with time limits.
"""
import contextlib
import json
import pathlib
import os
import re
import shutil
import subprocess
import time

import pytest

from conftest import our_processes
from terminal.notifications import NotificationServer
from test_window import capture, display  # noqa: F401

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(ROOT, ".build", "debug", "clockwork"))
DESKTOP = os.path.join(os.path.dirname(BINARY), "clockwork-desktop")

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (scripts/setup installs it)")

# Roles a person acts on: each must have a name of its own.
CONTROLS = {"push button", "toggle button", "radio button", "entry", "text", "switch", "spin button", "check box"}
GENERIC = {"button", "toggle", "switch", "entry", "text", "edit"}
# The roles a page tab has: GTK 4.8 calls libadwaita's switcher buttons "page tab".
TABS = ("page tab", "toggle button", "radio button")


def wait_for(predicate, timeout=15):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()


class App:
    """The app under test: pyatspi, its root accessible, its environment, its process, and the
    notification server on its session bus."""

    def __init__(self, pyatspi, root, env, process, server):
        self.pyatspi, self.root, self.env, self.process, self.server = pyatspi, root, env, process, server

    def __iter__(self):
        return iter((self.pyatspi, self.root, self.env))


@pytest.fixture(scope="module")
def app(display, tmp_path_factory):  # noqa: F811
    """The app on a private session bus with a notification server (its accessibility bus
    started from it), its state in a folder of its own."""
    folder = tmp_path_factory.mktemp("desktop")
    server = NotificationServer(folder)
    # GSettings from a key file the look's test writes (high contrast), watched by GLib.
    env = session_environment(display, folder, server, TZ="UTC", GTK_A11Y="atspi", GSETTINGS_BACKEND="keyfile", NO_AT_BRIDGE=None)
    before = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = server.address  # read by pyatspi when first imported
    try:
        with launched(env, subprocess.PIPE) as process:
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
            yield App(pyatspi, root, env, process, server)
    finally:
        server.close()
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
    """Opens the page `title` by its tab, and returns the page once it is shown (a button on a
    page never shown does nothing when pressed: GTK activates only a realized one)."""
    tab = wait_for(lambda: named(pyatspi, root, title, TABS))
    press(tab)
    assert wait_for(lambda: tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED)), title
    time.sleep(0.3)  # the page is drawn at the next frame
    found = wait_for(lambda: named(pyatspi, root, title, ("panel", "filler", "scroll pane")))
    assert found is not None, f"no page {title!r}"
    return found


@contextlib.contextmanager
def own_session(display, tmp_path, **variables):
    """For an app a test starts itself: the environment it runs in (a session bus of its own
    with a notification server, state and settings under `tmp_path`, GTK drawing with Cairo,
    and `variables`, None taking one out), the bus ended with the block."""
    server = NotificationServer(tmp_path)
    try:
        yield session_environment(display, tmp_path, server, **variables)
    finally:
        server.close()


def session_environment(display, folder, server, **variables):
    """The environment of an app on `server`'s session bus: state and settings under `folder`,
    GTK drawing with Cairo, and `variables` (None taking one out)."""
    env = {**os.environ, "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": server.address, "XDG_STATE_HOME": str(folder / "state"),
           "XDG_CONFIG_HOME": str(folder / "config"), "GSK_RENDERER": "cairo", **variables}
    return {name: value for name, value in env.items() if value is not None}


@contextlib.contextmanager
def launched(env, errors=subprocess.DEVNULL):
    """The desktop app started in `env` (its standard error to `errors`: a file, or
    subprocess.PIPE), ended with the block."""
    process = subprocess.Popen([DESKTOP], env=env, stdout=subprocess.DEVNULL, stderr=errors)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


def windows_titled_clockwork(env, process=None, shown=False):
    """The X windows titled Clockwork: of `process` alone when given (`--all`: xdotool matches
    either condition otherwise), and only those shown with `shown`."""
    command = ["xdotool", "search", *(["--all", "--pid", str(process.pid)] if process else []),
               *(["--onlyvisible"] if shown else []), "--name", "^Clockwork$"]
    return subprocess.run(command, env=env, capture_output=True, text=True).stdout.split()


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


def test_every_page_tab_is_on_the_screen(app):
    """The tabs are where a pointer can reach them: in the header, or at the window's foot when
    the header has no room for them (a 640 px window with its buttons had none, and its tabs
    were squeezed out of sight). GTK 4.8 says no "showing": a tab is on the screen when its box
    lies within the window's."""
    pyatspi, root, _ = app
    window = frame_of(pyatspi, root).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for title in ("World", "Alarms", "Stopwatch", "Timer"):
        tabs = pyatspi.findAllDescendants(root, lambda n: n is not None and n.name == title and n.getRoleName() in TABS)
        boxes = [tab.queryComponent().getExtents(pyatspi.WINDOW_COORDS) for tab in tabs]
        within = [b for b in boxes if b.width > 0 and b.height > 0 and b.x >= 0 and b.y >= 0 and b.x + b.width <= window.width and b.y + b.height <= window.height]
        assert within, f"{title}: {[(b.x, b.y, b.width, b.height) for b in boxes]} in {window.width}x{window.height}"


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


def test_laps_taken_in_the_app_are_exported_to_the_file_named_in_the_file_chooser(app):
    """Start, three laps, Stop; "Export laps…" asks where in GTK's own file chooser, and the file
    named there is what `stopwatch --export` writes: a row a lap, best and worst marked."""
    pyatspi, root, env = app
    stopwatch = page(pyatspi, root, "Stopwatch")
    press(wait_for(lambda: named(pyatspi, stopwatch, "Start", ("push button",))))
    for number in (1, 2, 3):
        lap = wait_for(lambda: (lambda b: b if b is not None and b.getState().contains(pyatspi.STATE_SENSITIVE) else None)(
            named(pyatspi, stopwatch, "Lap", ("push button",))))
        time.sleep(0.3)  # laps a few tenths long
        press(lap)
        assert wait_for(lambda: pyatspi.findDescendant(stopwatch, lambda n: n is not None and n.name.startswith(f"Lap {number} "))), number
    press(wait_for(lambda: named(pyatspi, stopwatch, "Stop", ("push button",))))
    press(wait_for(lambda: named(pyatspi, stopwatch, "Export laps…", ("push button",))))
    # A window of the app's own (GTK 4.8 gives a dialog the role "filler").
    chooser = wait_for(lambda: next((window for window in (root.getChildAtIndex(i) for i in range(root.childCount))
                                     if window is not None and window.name == "Export laps"), None))
    assert chooser is not None, [(root.getChildAtIndex(i).getRoleName(), root.getChildAtIndex(i).name) for i in range(root.childCount)]
    target = pathlib.Path(env["XDG_STATE_HOME"]).parent / "exported-laps.csv"
    name = wait_for(lambda: pyatspi.findDescendant(chooser, lambda n: n is not None and n.getRoleName() in ("text", "entry") and n.name.rstrip(":") == "Name"))
    assert name is not None, [(n.getRoleName(), n.name) for n in pyatspi.findAllDescendants(chooser, lambda n: n is not None and n.getRoleName() in CONTROLS)]
    name.queryEditableText().setTextContents(str(target))
    # GTK 4.8 names a dialog's button by its label twice ("Export Export").
    export = pyatspi.findDescendant(chooser, lambda n: n is not None and n.getRoleName() == "push button" and n.name in ("Export", "Export Export"))
    press(export)
    assert wait_for(lambda: target.exists()), "the laps were written"
    rows = target.read_text().splitlines()
    assert rows[0] == "lap,split_seconds,total_seconds,split,total,mark" and len(rows) == 4, rows
    assert sorted(row.rsplit(",", 1)[1] for row in rows[1:]) == ["", "best", "worst"], rows
    assert wait_for(lambda: named(pyatspi, stopwatch, f"Laps exported to {target}", ("label",)))
    press(named(pyatspi, stopwatch, "Reset", ("push button",)))


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


def test_an_alarm_is_edited_in_its_dialog_as_the_command_line_sees(app):
    """Edit opens a dialog of named fields filled in as saved; Save saves them as `alarm edit`
    does (a city finds its zone; unticking the sound is no sound)."""
    pyatspi, root, env = app
    assert clockwork(env, "alarm", "add", "6:15", "--label", "swim").returncode == 0
    alarms = page(pyatspi, root, "Alarms")
    edit = wait_for(lambda: pyatspi.findDescendant(alarms, lambda n: n is not None and n.getRoleName() == "push button"
                                                   and n.name.startswith("Edit alarm 06:15") and n.name.endswith("swim")))
    press(edit)
    dialog = wait_for(lambda: pyatspi.findDescendant(root, lambda n: n is not None and n.getRoleName() in ("frame", "dialog", "window")
                                                     and n.name.startswith("Edit alarm 06:15")))
    assert dialog is not None, "no dialog"
    controls = pyatspi.findAllDescendants(dialog, lambda n: n is not None and n.getRoleName() in CONTROLS)
    assert [(n.getRoleName(), n.name) for n in controls if not n.name.strip() or n.name.strip().lower() in GENERIC] == []
    field = lambda name: named(pyatspi, dialog, name, ("entry", "text"))
    # The label is left as filled in: saved as it was.
    for name, value in (("Alarm time", "6:40"), ("Days", "sat,sun"), ("Time zone", "Tokyo")):
        field(name).queryEditableText().setTextContents(value)
    press(named(pyatspi, dialog, "The alarm sounds", ("switch", "toggle button", "check box")))
    press(named(pyatspi, dialog, "Save the alarm", ("push button",)))
    listed = lambda: clockwork(env, "alarm", "list").stdout
    assert wait_for(lambda: "06:40 Sat, Sun (Asia/Tokyo)" in listed() and "swim" in listed()), listed()
    saved = json.loads((pathlib.Path(env["XDG_STATE_HOME"]) / "clockwork" / "alarms.json").read_text())["value"]["alarms"]
    assert [alarm.get("sound") for alarm in saved if alarm.get("label") == "swim"] == [""], saved
    assert wait_for(lambda: pyatspi.findDescendant(root, lambda n: n is not None and n.getRoleName() in ("frame", "dialog", "window")
                                                    and n.name.startswith("Edit alarm")) is None), "closed"
    number = re.search(r"alarm (\d+): 06:40", listed()).group(1)
    assert clockwork(env, "alarm", "remove", number).returncode == 0


def test_the_window_is_the_desktop_entrys(app):
    """Its WM class is the one the desktop entry names (StartupWMClass), so a dock groups it
    under the entry's icon; its title reads as it is spelled."""
    _, _, env = app
    windows = wait_for(lambda: windows_titled_clockwork(env))
    assert windows, "no window titled Clockwork"
    properties = subprocess.run(["xprop", "-id", windows[0], "WM_CLASS", "_NET_WM_NAME"], env=env, capture_output=True, text=True).stdout
    assert '"io.github.clockwork.Clockwork"' in properties and '_NET_WM_NAME(UTF8_STRING) = "Clockwork"' in properties, properties


def test_the_terminal_app_links_no_gui_toolkit():
    linked = subprocess.run(["ldd", BINARY], capture_output=True, text=True).stdout
    assert not [line for line in linked.splitlines() if any(name in line for name in ("libgtk", "libadwaita", "libSDL"))], linked


def description(node):
    return node.description if node is not None else None


def test_the_faces_say_what_they_show(app):
    """The World page's face reads out the time it shows; the Timer page's ring, the timer's
    name and what is left in words (both at most once a second)."""
    pyatspi, root, env = app
    world = page(pyatspi, root, "World")
    face = wait_for(lambda: named(pyatspi, world, "Clock face", ("image", "drawing area", "canvas", "panel", "filler")))
    assert face is not None, [(n.getRoleName(), n.name) for n in pyatspi.findAllDescendants(world, lambda n: n is not None)]
    shown = wait_for(lambda: description(face))
    assert re.fullmatch(r"\d\d:\d\d:\d\d", shown or ""), shown
    timer = page(pyatspi, root, "Timer")
    press(named(pyatspi, timer, "Start a 5 min timer", ("push button",)))
    ring = wait_for(lambda: named(pyatspi, timer, "Timer ring", ("image", "drawing area", "canvas", "panel", "filler")))
    said = wait_for(lambda: re.fullmatch(r"timer, 4 minutes \d+ seconds left|timer, 5 minutes left", description(ring) or ""))
    assert said, description(ring)
    clockwork(env, "timer", "--cancel", "--name", "timer")


def left_seconds(env, name):
    """The seconds timer `name` has left, as `timer --list` says them, and whether it is paused."""
    listed = clockwork(env, "timer", "--list").stdout
    found = re.search(rf"^{name}\s+(?:(\d+):)?(\d+):(\d\d)(?:\.\d)?( \(paused\)| paused)?", listed, re.M)
    assert found, listed
    hours, minutes, seconds, paused = found.groups()
    return int(hours or 0) * 3600 + int(minutes) * 60 + int(seconds), bool(paused) or "paused" in listed.split(name, 1)[1].split("\n", 1)[0]


def test_a_timers_row_pauses_extends_and_restarts_it_as_the_command_line_sees(app):
    pyatspi, root, env = app
    timer = page(pyatspi, root, "Timer")
    named(pyatspi, timer, "Name", ("entry", "text")).queryEditableText().setTextContents("soup")
    press(named(pyatspi, timer, "Start a 10 min timer", ("push button",)))
    press(wait_for(lambda: named(pyatspi, timer, "Pause timer soup", ("push button",))))
    assert wait_for(lambda: left_seconds(env, "soup")[1]), clockwork(env, "timer", "--list").stdout
    left, _ = left_seconds(env, "soup")
    press(wait_for(lambda: named(pyatspi, timer, "Add a minute to timer soup", ("push button",))))
    assert wait_for(lambda: left_seconds(env, "soup")[0] == left + 60), clockwork(env, "timer", "--list").stdout
    press(wait_for(lambda: named(pyatspi, timer, "Resume timer soup", ("push button",))))
    assert wait_for(lambda: not left_seconds(env, "soup")[1]), clockwork(env, "timer", "--list").stdout
    press(named(pyatspi, timer, "Restart timer soup", ("push button",)))
    assert wait_for(lambda: 598 <= left_seconds(env, "soup")[0] <= 600), clockwork(env, "timer", "--list").stdout
    press(named(pyatspi, timer, "Cancel timer soup", ("push button",)))
    assert wait_for(lambda: "soup" not in clockwork(env, "timer", "--list").stdout)


def test_a_timer_in_overtime_shows_on_the_timer_page_counting_on(app):
    """A timer started with --overtime by the command, rung with no window: the Timer page
    shows it counting on past its end, its ring says so (the first timer by name), and Cancel
    ends it."""
    pyatspi, root, env = app
    started = subprocess.Popen([BINARY, "timer", "1s", "--overtime", "--plain", "--no-sound", "--name", "a-late"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    started.stdout.readline()
    started.kill()  # rung by the watcher; it counts on
    started.wait()
    timer = page(pyatspi, root, "Timer")
    row = wait_for(lambda: pyatspi.findDescendant(timer, lambda n: n is not None and re.fullmatch(r"a-late, \+0:\d\d since its end", n.name or "")))
    assert row is not None, [n.name for n in pyatspi.findAllDescendants(timer, lambda n: n is not None and n.getRoleName() == "label")]
    ring = named(pyatspi, root, "Timer ring", ("drawing area", "image", "canvas", "panel", "filler"))
    assert ring is not None and wait_for(lambda: "past its end" in (ring.description or "")), description(ring)
    press(named(pyatspi, timer, "Cancel timer a-late", ("push button",)))
    assert wait_for(lambda: "a-late" not in clockwork(env, "timer", "--list").stdout)


def test_a_second_launch_starts_its_timer_in_the_running_app(app):
    """One app runs: a second launch hands over its page and timer and exits; a mistake is
    said where it was typed, and the running app is not bothered."""
    pyatspi, root, env = app
    second = subprocess.run([DESKTOP, "--timer", "3m", "--name", "eggs"], env=env, capture_output=True, text=True, timeout=30)
    assert second.returncode == 0, second.stderr
    assert wait_for(lambda: "eggs" in clockwork(env, "timer", "--list").stdout)
    tab = named(pyatspi, root, "Timer", TABS)
    assert wait_for(lambda: tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED))
    assert wait_for(lambda: named(pyatspi, root, "Cancel timer eggs", ("push button",)))
    wrong = subprocess.run([DESKTOP, "--timer", "soon"], env=env, capture_output=True, text=True, timeout=30)
    assert wrong.returncode == 64 and "“soon” is not a length" in wrong.stderr, wrong
    assert app.process.poll() is None
    clockwork(env, "timer", "--cancel", "--name", "eggs")


def test_a_timers_window_asked_of_the_command_opens_in_the_running_app(app):
    """`clockwork timer 2m --window` while the app runs: started there, on its Timer page, and
    the command exits at once; a name taken is refused, as the app refuses it."""
    pyatspi, root, env = app
    page(pyatspi, root, "World")
    handed = clockwork(env, "timer", "2m", "--window", "--name", "handed")
    assert handed.returncode == 0 and "started in the desktop app" in handed.stdout, handed
    assert "handed" in clockwork(env, "timer", "--list").stdout
    tab = named(pyatspi, root, "Timer", TABS)
    assert wait_for(lambda: tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED))
    assert wait_for(lambda: named(pyatspi, root, "Cancel timer handed", ("push button",)))
    again = clockwork(env, "timer", "2m", "--window", "--name", "handed")
    assert again.returncode == 1 and "could not start timer 'handed'" in again.stderr, again
    clockwork(env, "timer", "--cancel", "--name", "handed")


def test_the_world_page_says_whether_the_system_clock_is_synchronised(app):
    pyatspi, root, env = app
    world = page(pyatspi, root, "World")
    said = wait_for(lambda: pyatspi.findDescendant(world, lambda n: n is not None and (
        (n.name or "").startswith("System clock synced ±") or (n.name or "").startswith("The system clock is not synchronised"))))
    assert said is not None, [n.name for n in pyatspi.findAllDescendants(world, lambda n: n is not None and n.getRoleName() == "label")]


def test_a_world_clock_is_added_by_its_city_and_kept_in_the_settings(app):
    """Typed as a person knows it ("tokyo"), shown with its time and offset, kept in the
    settings file where `clock` reads it; moved up, kept so; Remove takes it away again; a name
    no zone has is said."""
    pyatspi, root, env = app
    world = page(pyatspi, root, "World")
    settings = os.path.join(env["XDG_CONFIG_HOME"], "clockwork", "config.json")
    adding = named(pyatspi, world, "Add a world clock", ("entry", "text"))
    adding.queryEditableText().setTextContents("atlantis")
    press(named(pyatspi, world, "Add world clock", ("push button",)))
    assert wait_for(lambda: pyatspi.findDescendant(world, lambda n: n is not None and n.name.startswith("No time zone is called")))
    adding.queryEditableText().setTextContents("tokyo")
    press(named(pyatspi, world, "Add world clock", ("push button",)))
    assert wait_for(lambda: os.path.exists(settings) and "Asia/Tokyo" in open(settings).read())
    row = wait_for(lambda: pyatspi.findDescendant(world, lambda n: n is not None and n.name.startswith("Tokyo ") and "+9 h" in n.name))
    assert row is not None, "Tokyo's row says its offset from UTC"
    listed = clockwork(env, "clock", "--plain", "--count", "1").stdout
    assert "+09:00" in listed, listed
    # Moved by its buttons, kept in that order.
    adding.queryEditableText().setTextContents("Lima")
    press(named(pyatspi, world, "Add world clock", ("push button",)))
    assert wait_for(lambda: "America/Lima" in open(settings).read())
    order = lambda: json.loads(open(settings).read())["zones"]
    assert order() == ["Asia/Tokyo", "America/Lima"], order()
    press(wait_for(lambda: named(pyatspi, world, "Move Lima up", ("push button",))))
    assert wait_for(lambda: order() == ["America/Lima", "Asia/Tokyo"]), order()
    press(wait_for(lambda: named(pyatspi, world, "Remove Lima", ("push button",))))
    assert wait_for(lambda: order() == ["Asia/Tokyo"]), order()
    time.sleep(0.3)  # the rows are made anew: the next button is the new row's
    press(wait_for(lambda: named(pyatspi, world, "Remove Tokyo", ("push button",))))
    assert wait_for(lambda: "Asia/Tokyo" not in open(settings).read())


def test_a_launch_starts_a_pomodoro(app):
    pyatspi, root, env = app
    launched = subprocess.run([DESKTOP, "--pomodoro"], env=env, capture_output=True, text=True, timeout=30)
    assert launched.returncode == 0, launched.stderr
    assert wait_for(lambda: re.search(r"^pomodoro\b.*work 1/", clockwork(env, "timer", "--list").stdout, re.M)), clockwork(env, "timer", "--list").stdout
    clockwork(env, "timer", "--cancel", "--name", "pomodoro")


def test_every_page_and_the_shortcuts_list_are_reached_from_the_keyboard(app):
    """Alt+1…4 open the pages, Ctrl+N the Timer page with its Duration field focused; the
    "Keyboard shortcuts" button shows the list of them."""
    pyatspi, root, env = app
    windows = wait_for(lambda: windows_titled_clockwork(env, shown=True))
    subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], env=env, check=True)

    def selected(title):
        tab = named(pyatspi, root, title, TABS)
        return tab is not None and (tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED))
    for number, title in enumerate(("World", "Alarms", "Stopwatch", "Timer"), start=1):
        subprocess.run(["xdotool", "key", f"alt+{number}"], env=env, check=True)
        assert wait_for(lambda: selected(title)), title
    subprocess.run(["xdotool", "key", "alt+1", "ctrl+n"], env=env, check=True)
    assert wait_for(lambda: selected("Timer"))
    # The page's field is on the accessibility bus a moment after its tab is selected.
    duration = wait_for(lambda: named(pyatspi, root, "Duration", ("entry", "text")))
    assert duration is not None, "the Timer page's Duration field"
    assert wait_for(lambda: duration.getState().contains(pyatspi.STATE_FOCUSED)), "Duration has the keyboard"
    press(named(pyatspi, root, "Keyboard shortcuts", ("push button",)))
    listed = wait_for(lambda: pyatspi.findDescendant(root, lambda n: n is not None and n.name == "New timer"))
    assert listed is not None, "the shortcuts window lists New timer"
    subprocess.run(["xdotool", "key", "Escape"], env=env, check=True)


def extents(pyatspi, node):
    """Where `node` is on the screen: x, y, width, height."""
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return box.x, box.y, box.width, box.height


def colourful(env, box):
    """The share of the pixels in `box` on the screen that are clearly coloured (not grey)."""
    from PIL import Image
    import io
    x, y, width, height = box
    shot = subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "png:-"], env=env,
                          capture_output=True, check=True).stdout
    pixels = list(Image.open(io.BytesIO(shot)).convert("RGB").getdata())
    return sum(1 for r, g, b in pixels if max(r, g, b) - min(r, g, b) > 40) / max(len(pixels), 1)


def test_the_faces_follow_high_contrast_and_large_text(app):
    """The desktop asks for high contrast (GNOME's setting, here in GSettings' key file) and the
    Timer page's ring drops its colours for black and white at once; it asks for larger text
    (XSETTINGS' Xft/DPI, as GNOME's Large Text, from xsettingsd) and the faces grow with it."""
    pyatspi, root, env = app
    settings = pathlib.Path(env["XDG_CONFIG_HOME"]) / "glib-2.0" / "settings" / "keyfile"
    settings.parent.mkdir(parents=True, exist_ok=True)
    launched = subprocess.run([DESKTOP, "--timer", "10m", "--name", "look"], env=env, capture_output=True, text=True, timeout=30)
    assert launched.returncode == 0, launched.stderr
    timer = page(pyatspi, root, "Timer")
    ring = wait_for(lambda: named(pyatspi, timer, "Timer ring", ("image", "drawing area", "canvas", "panel", "filler")))
    box = extents(pyatspi, ring)
    # The design's backdrop: its colours cycle, some less saturated than others, but always
    # a good part of the ring's square.
    assert colourful(env, box) > 0.2
    try:
        settings.write_text("[org/gnome/desktop/a11y/interface]\nhigh-contrast=true\n")
        assert wait_for(lambda: colourful(env, extents(pyatspi, ring)) < 0.01), colourful(env, extents(pyatspi, ring))
    finally:
        settings.write_text("[org/gnome/desktop/a11y/interface]\nhigh-contrast=false\n")
    assert wait_for(lambda: colourful(env, extents(pyatspi, ring)) > 0.2)
    clockwork(env, "timer", "--cancel", "--name", "look")

    # In a window too small for the face to grow by itself, it is as large as its text asks.
    world = page(pyatspi, root, "World")
    face = wait_for(lambda: named(pyatspi, world, "Clock face", ("image", "drawing area", "canvas", "panel", "filler")))
    window = windows_titled_clockwork(env, shown=True)[0]
    subprocess.run(["xdotool", "windowsize", "--sync", window, "480", "420"], env=env, check=True)
    config = pathlib.Path(env["XDG_CONFIG_HOME"]) / "xsettingsd.conf"
    daemon = None

    def serve(dpi):
        """xsettingsd serving `dpi` (1024ths): started anew, as a SIGHUP to one still starting
        would end it."""
        nonlocal daemon
        if daemon is not None:
            daemon.terminate()
            daemon.wait(timeout=10)
        config.write_text(f"Xft/DPI {dpi}\n")
        daemon = subprocess.Popen(["xsettingsd", "-c", str(config)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    try:
        serve(98304)  # 96 dpi: text as it is by default
        assert wait_for(lambda: 200 <= extents(pyatspi, face)[3] < 260), extents(pyatspi, face)
        serve(147456)  # text half as large again
        assert wait_for(lambda: extents(pyatspi, face)[3] >= 320), extents(pyatspi, face)
        serve(98304)
        assert wait_for(lambda: extents(pyatspi, face)[3] < 260), extents(pyatspi, face)
    finally:
        if daemon is not None:
            daemon.terminate()
            daemon.wait(timeout=10)
        subprocess.run(["xdotool", "windowsize", window, "640", "720"], env=env)


@contextlib.contextmanager
def window_manager(env):
    """openbox on the test's display while the block runs, ended with it."""
    manager = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: "window id" in subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env, capture_output=True, text=True).stdout), "openbox did not start"
        yield
    finally:
        manager.terminate()
        manager.wait(timeout=10)


def test_always_on_top_keeps_the_window_above_and_is_kept_in_the_settings(app):
    """"Always on top" (a toggle in the header bar, Ctrl+T) asks the window manager (openbox,
    started for this test) to keep the window above the others, and keeps the choice in the
    settings, where `--window` reads it too. The manager it starts ends with it."""
    pyatspi, root, env = app
    with window_manager(env):
        def managed():
            """The window the manager manages (GTK's leader window has the title too)."""
            found = windows_titled_clockwork(env)
            return next((w for w in found if "WM_STATE(WM_STATE)" in subprocess.run(["xprop", "-id", w, "WM_STATE"], env=env, capture_output=True, text=True).stdout), None)

        window = wait_for(managed)
        assert window is not None, "openbox manages no window titled Clockwork"

        def state():
            return subprocess.run(["xprop", "-id", window, "_NET_WM_STATE"], env=env, capture_output=True, text=True).stdout

        settings = pathlib.Path(env["XDG_CONFIG_HOME"]) / "clockwork" / "config.json"
        toggle = named(pyatspi, root, "Always on top", ("toggle button", "push button"))
        assert toggle is not None and "_NET_WM_STATE_ABOVE" not in state()
        press(toggle)
        assert wait_for(lambda: "_NET_WM_STATE_ABOVE" in state()), state()
        assert json.loads(settings.read_text()).get("onTop") is True
        press(toggle)
        assert wait_for(lambda: "_NET_WM_STATE_ABOVE" not in state()), state()
        assert "onTop" not in json.loads(settings.read_text())


def frame_of(pyatspi, root):
    """The app's window, as the accessibility tree has it."""
    return wait_for(lambda: pyatspi.findDescendant(root, lambda node: node is not None and node.getRoleName() == "frame"))


def test_compact_leaves_the_faces_in_a_small_window_and_is_kept_in_the_settings(app):
    """"Compact" (a toggle in the header bar, Ctrl+M) leaves the World page its face and its
    time, not the zones or the field that adds one (GTK takes a hidden widget out of the
    accessibility tree); the window shrinks to fit them, and grows back to the size it had when
    pressed again. The choice is kept in the settings."""
    pyatspi, root, env = app
    world = page(pyatspi, root, "World")
    face = named(pyatspi, world, "Clock face", ("image", "drawing area", "canvas", "panel", "filler"))
    adding = named(pyatspi, world, "Add a world clock", ("entry", "text"))
    frame = frame_of(pyatspi, root)
    assert face is not None and adding is not None and frame is not None
    width, height = extents(pyatspi, frame)[2:]
    settings = pathlib.Path(env["XDG_CONFIG_HOME"]) / "clockwork" / "config.json"
    toggle = named(pyatspi, root, "Compact", ("toggle button", "push button"))
    press(toggle)
    assert wait_for(lambda: named(pyatspi, world, "Add a world clock", ("entry", "text")) is None)
    assert named(pyatspi, world, "Clock face", ("image", "drawing area", "canvas", "panel", "filler")) is not None
    assert wait_for(lambda: extents(pyatspi, frame)[2] < width - 150), (width, extents(pyatspi, frame))
    assert extents(pyatspi, frame)[3] < height
    assert json.loads(settings.read_text()).get("compact") is True
    press(toggle)
    assert wait_for(lambda: named(pyatspi, world, "Add a world clock", ("entry", "text")) is not None)
    assert wait_for(lambda: extents(pyatspi, frame)[2:] == (width, height)), ((width, height), extents(pyatspi, frame))
    assert "compact" not in json.loads(settings.read_text())


def test_a_choice_that_cannot_be_kept_is_said_in_the_window(app):
    """A settings file with a mistake is not written over: pressing "Compact" then says why
    above the pages (where a screen reader finds it, until "Close the message"), as well as on
    standard error."""
    pyatspi, root, env = app
    settings = pathlib.Path(env["XDG_CONFIG_HOME"]) / "clockwork" / "config.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    kept = settings.read_text() if settings.exists() else None
    settings.write_text('{ "colour": "256" }')
    toggle = named(pyatspi, root, "Compact", ("toggle button", "push button"))

    def said():
        return pyatspi.findDescendant(root, lambda node: node is not None and node.getRoleName() == "label" and "unknown setting" in node.name)

    try:
        press(toggle)
        message = wait_for(said)
        assert message is not None and "colour" in message.name, "nothing in the window says why"
        close = named(pyatspi, root, "Close the message", ("push button",))
        press(close)
        assert wait_for(lambda: said() is None), "the message stays"
    finally:
        if kept is None:
            settings.unlink()
        else:
            settings.write_text(kept)
    press(toggle)  # the window as it was
    assert wait_for(lambda: settings.exists() and "compact" not in json.loads(settings.read_text()))


def test_an_alarm_added_in_the_app_rings_with_the_app_closed(app):
    """Last in this file: it closes the app. The alarm is set for the next whole minute (UTC),
    and rung by the watcher the app handed it to."""
    pyatspi, root, env = app
    alarms = page(pyatspi, root, "Alarms")
    due = time.gmtime(time.time() + 75)  # at least 15 s to type it and close the app
    named(pyatspi, alarms, "Alarm time", ("entry", "text")).queryEditableText().setTextContents(f"{due.tm_hour:02}:{due.tm_min:02}")
    named(pyatspi, alarms, "Label", ("entry", "text")).queryEditableText().setTextContents("kettle")
    press(named(pyatspi, alarms, "Add alarm", ("push button",)))
    assert wait_for(lambda: "kettle" in clockwork(env, "alarm", "list").stdout)
    app.process.terminate()
    app.process.wait(timeout=10)
    assert wait_for(lambda: any(summary == "Alarm: kettle" for summary, _, _ in app.server.notifications()), timeout=100), app.server.notifications()
    ringer = [pid for summary, _, _, pid in app.server.calls() if summary == "Alarm: kettle"][0]
    assert ringer != app.process.pid
    # Opened while it sounds, the app says so on the Alarms page, and its Stop stops it.
    with open(os.path.join(env["XDG_STATE_HOME"], "reopened.err"), "w+") as errors, launched(env, errors) as reopened:
        def root_of_reopened():
            desktop = pyatspi.Registry.getDesktop(0)
            children = (desktop.getChildAtIndex(i) for i in range(desktop.childCount))
            return next((c for c in children if c is not None and c.get_process_id() == reopened.pid), None)
        second = wait_for(root_of_reopened, timeout=60)  # once over 30 s, on a loaded machine
        if second is None:  # say why: still starting, or gone, and what it said
            errors.seek(0)
            raise AssertionError(f"the reopened app is not on the accessibility bus (exit {reopened.poll()}): {errors.read()[-2000:]}")
        said = wait_for(lambda: pyatspi.findDescendant(second, lambda n: n is not None and n.name == "kettle is ringing"))
        assert said is not None, "the Alarms page says the alarm sounds"
        tab = named(pyatspi, second, "Alarms", TABS)
        assert wait_for(lambda: tab.getState().contains(pyatspi.STATE_SELECTED) or tab.getState().contains(pyatspi.STATE_CHECKED)), "it opens on the Alarms page"
        time.sleep(0.3)  # drawn at the next frame
        press(named(pyatspi, second, "Stop the alarm", ("push button",)))
        def kettle():
            with open(os.path.join(env["XDG_STATE_HOME"], "clockwork", "alarms.json")) as saved:
                return next(alarm for alarm in json.load(saved)["value"]["alarms"] if alarm.get("label") == "kettle")
        page_says = lambda: [n.name for n in pyatspi.findAllDescendants(second, lambda n: n is not None and n.getRoleName() == "label" and n.name)]  # noqa: E731
        assert wait_for(lambda: kettle().get("stoppedAt", 0) >= kettle()["lastRing"]), f"Stop stopped it, as `alarm stop` does: {kettle()}; {page_says()}"
        assert wait_for(lambda: pyatspi.findDescendant(second, lambda n: n is not None and n.name == "kettle is ringing") is None)
    number = re.search(r"^alarm (\d+): .*kettle", clockwork(env, "alarm", "list").stdout, re.M)[1]
    clockwork(env, "alarm", "remove", number)
    # The watcher and the ringer leave once nothing is left to ring: nothing this test started
    # outlives it.
    state = env["XDG_STATE_HOME"]

    def ours():
        return {pid: open(f"/proc/{pid}/cmdline").read().replace("\0", " ") for pid, folder in our_processes().items()
                if folder == state and os.path.exists(f"/proc/{pid}/cmdline")}
    assert wait_for(lambda: not ours(), timeout=30), ours()



# Run by its own Python: this one's pyatspi is bound to the other test app's session bus.
PAGE_TABS = r"""
import sys, time, pyatspi
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    app = next((a for a in apps if a is not None and a.name in ("io.github.clockwork.Clockwork", "Clockwork", "clockwork-desktop")), None)
    if app is not None:
        tabs = pyatspi.findAllDescendants(app, lambda n: n is not None and n.getRoleName() in ("page tab", "toggle button", "radio button"))
        if tabs:
            places = [tab.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).x for tab in tabs]
            print("\n".join(f"{tab.name}\t{x}" for tab, x in zip(tabs, places)))
            sys.exit(0)
    time.sleep(0.2)
sys.exit("the app's page tabs are not on the accessibility bus")
"""


def test_asked_for_no_animations_a_running_timer_changes_only_where_its_time_does(display, tmp_path):  # noqa: F811
    """The desktop asks for no animations (GTK's gtk-enable-animations): a running timer's ring
    steps on with the seconds without its pulse, and its backdrop keeps its colours, so from
    one second to the next only the time and the arc's tip change on the screen."""
    settings = tmp_path / "config" / "gtk-4.0"
    settings.mkdir(parents=True)
    (settings / "settings.ini").write_text("[Settings]\ngtk-enable-animations=false\n")
    with own_session(display, tmp_path) as env, launched(env) as process:
        # Shown, the app is the one instance: the second start hands it the timer and leaves.
        window = wait_for(lambda: windows_titled_clockwork(env, process, shown=True))
        assert window, "no Clockwork window shown"
        started = subprocess.run([DESKTOP, "--timer", "10m", "--name", "calm"], env=env, capture_output=True, text=True, timeout=30)
        assert started.returncode == 0, started.stderr
        try:
            time.sleep(3)  # the Timer page shown and its first frames drawn
            first = capture(display, window[0])
            time.sleep(2.5)
            second = capture(display, window[0])
        finally:
            cancelled = clockwork(env, "timer", "--cancel", "--name", "calm")  # its watcher then leaves
        assert cancelled.returncode == 0, cancelled.stderr
        assert first.size == second.size
        changed = sum(1 for a, b in zip(first.getdata(), second.getdata()) if a != b)
        # The time's digits and the arc's tip: a few percent of the window. A cycling backdrop
        # changes the whole face (about half of it).
        assert 0 < changed < 0.06 * first.size[0] * first.size[1], f"{changed} of {first.size} pixels changed"


@pytest.mark.parametrize("lang, pages", [
    ("vi_VN.UTF-8", ["Thế giới", "Báo thức", "Bấm giờ", "Hẹn giờ"]),
    # Right to left: GTK mirrors the layout, the first page's tab rightmost.
    ("ar_EG.UTF-8", ["العالم", "المنبّهات", "ساعة الإيقاف", "المؤقّت"]),
])
def test_the_pages_are_named_in_the_readers_language(display, tmp_path, lang, pages):  # noqa: F811
    with own_session(display, tmp_path, GTK_A11Y="atspi", GSETTINGS_BACKEND="keyfile", NO_AT_BRIDGE=None,
                     LANG=lang, LC_ALL="", LC_MESSAGES="", LANGUAGE="") as env, launched(env):
        found = subprocess.run(["/usr/bin/python3", "-c", PAGE_TABS], env=env, capture_output=True, text=True, timeout=60)
        assert found.returncode == 0, found.stderr
        # The switcher's tabs, each once (its narrow form repeats them): name and left edge.
        tabs = dict(line.split("\t") for line in reversed(found.stdout.splitlines()))
        assert set(pages) <= set(tabs), found.stdout
        places = [int(tabs[page]) for page in pages]
        right_to_left = lang.startswith("ar")
        assert places == sorted(places, reverse=right_to_left), found.stdout


# Run by its own Python, as PAGE_TABS: each page opened by its tab, then every text in the app
# (names, descriptions, and the text of labels and fields), as JSON.
SHOWN_TEXTS = r"""
import json, sys, time, pyatspi
deadline = time.monotonic() + 30
app = None
while app is None and time.monotonic() < deadline:
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    app = next((a for a in apps if a is not None and a.name in ("io.github.clockwork.Clockwork", "Clockwork", "clockwork-desktop")), None)
    time.sleep(0.2)
tabs = []
while not tabs and time.monotonic() < deadline:
    tabs = pyatspi.findAllDescendants(app, lambda n: n is not None and n.getRoleName() in ("page tab", "toggle button", "radio button"))
    time.sleep(0.2)
texts = {}
for tab in tabs:
    tab.queryAction().doAction(0)
    time.sleep(1.5)
    for node in pyatspi.findAllDescendants(app, lambda n: n is not None):
        said = [node.name, node.description]
        try:
            text = node.queryText()
            said.append(text.getText(0, text.characterCount))
        except NotImplementedError:
            pass
        texts.setdefault(tab.name, []).extend(t for t in said if t)
print(json.dumps(texts))
"""


def test_no_text_of_the_app_escapes_the_catalogue(display, tmp_path):  # noqa: F811
    """In the pseudo-language (scripts/translations/build), every name and text on every page
    is marked ⟦…⟧ but data: the time, cities, GTK's own words (its window buttons, the type names
    it gives nodes without a name) and the app's name."""
    # A paused timer, for its row's texts and buttons.
    timers = tmp_path / "state" / "clockwork" / "timers"
    timers.mkdir(parents=True)
    (timers / "tea.json").write_text(json.dumps({"version": 1, "value": {"name": "tea", "duration": 600, "remainingWhenPaused": 420}}))
    with own_session(display, tmp_path, GTK_A11Y="atspi", GSETTINGS_BACKEND="keyfile", NO_AT_BRIDGE=None,
                     LANG="C.UTF-8", LC_ALL="", LC_MESSAGES="", LANGUAGE="qps", TZ="UTC") as env, launched(env):
        found = subprocess.run(["/usr/bin/python3", "-c", SHOWN_TEXTS], env=env, capture_output=True, text=True, timeout=120)
        assert found.returncode == 0, found.stderr
        pages = json.loads(found.stdout)
        assert len(pages) == 4 and all("⟦" in tab for tab in pages), pages.keys()
        assert any("tea" in text and "⟦" in text for texts in pages.values() for text in texts), "the timer's row is read"
        data = {"Clockwork", "UTC", "tea", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Minimize", "Maximize", "Close", "the", "window"}
        for tab, texts in pages.items():
            outside = " ".join(texts)
            while (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)) != outside:
                outside = inner
            outside = re.sub(r"\b(Gtk|Adw)[A-Z]\w+", " ", outside)
            escaped = sorted({word for word in re.findall(r"[^\W\d_]{2,}", outside) if word not in data})
            assert escaped == [], f"{tab}: {escaped}"


def test_the_setting_on_top_keeps_the_window_above_from_its_first_showing(display, tmp_path):  # noqa: F811
    """With `"onTop": true` in the settings (as "Always on top" leaves it), the window is above
    the others as soon as the manager maps it: its state is set before it is shown."""
    (tmp_path / "config" / "clockwork").mkdir(parents=True)
    (tmp_path / "config" / "clockwork" / "config.json").write_text('{ "onTop": true }')
    with own_session(display, tmp_path, NO_AT_BRIDGE="1") as env, window_manager(env), launched(env) as process:
        def above():
            found = windows_titled_clockwork(env, process)
            return any("_NET_WM_STATE_ABOVE" in subprocess.run(["xprop", "-id", w, "_NET_WM_STATE"], env=env, capture_output=True, text=True).stdout for w in found)
        assert wait_for(above, timeout=30), "the window is not kept above"


def test_the_setting_compact_opens_the_app_compact(display, tmp_path):  # noqa: F811
    """With `"compact": true` in the settings (as "Compact" leaves them), the window opens small,
    its faces only."""
    (tmp_path / "config" / "clockwork").mkdir(parents=True)

    def width_opened(env, settings):
        (tmp_path / "config" / "clockwork" / "config.json").write_text(settings)
        with launched(env) as process:
            def shown():
                found = windows_titled_clockwork(env, process, shown=True)
                return found[0] if found else None
            window = wait_for(shown, timeout=30)
            assert window is not None, "no window"
            geometry = subprocess.run(["xdotool", "getwindowgeometry", window], env=env, capture_output=True, text=True).stdout
            return int(re.search(r"Geometry: (\d+)x", geometry).group(1))

    with own_session(display, tmp_path, NO_AT_BRIDGE="1") as env:
        assert width_opened(env, '{ "compact": true }') < width_opened(env, "{ }") - 150
