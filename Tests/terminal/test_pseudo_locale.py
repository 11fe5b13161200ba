"""Every text a person reads on the terminal's screens goes through the catalogue: in the
pseudo-language `qps` (built by scripts/translations/build: each text half as long again and
marked ⟦…⟧) no word is left outside the marks but the data a screen shows (a name given, a city,
a weekday from the C library's locale), and the longer texts still fit: no hint is cut."""
import os
import re
import subprocess

import pytest

from test_live import BINARY, run  # noqa: F401  (the pty fixture)
from test_persistence import watcher_gone

PSEUDO = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "qps", "TZ": "UTC"}
# What a screen shows that is not a text of ours: names given on the command line, cities, the
# C locale's weekday names, and the large digits' blocks.
DATA = {"tea", "UTC", "Tokyo", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"}


def escaped(text):
    """The words outside the ⟦…⟧ marks that are not data."""
    outside, before = text, None
    while outside != before:  # a text filled into another: marks within marks
        outside, before = re.sub(r"⟦[^⟦⟧]*⟧", " ", outside), outside
    return sorted({word for word in re.findall(r"[^\W\d_]{2,}", outside) if word not in DATA})


def cut(text):
    """Marks opened and not closed on a line (a text cut at the screen's edge)."""
    return [line for line in text.splitlines() if line.count("⟦") != line.count("⟧")]


@pytest.mark.parametrize("args, keys", [
    (["timer", "5m", "--name", "tea"], " ?"),
    (["clock", "--zone", "UTC", "--zone", "Asia/Tokyo"], "d"),
    (["clock", "--face", "digital"], ""),
    (["stopwatch"], " \r\r "),
])
def test_no_text_escapes_the_catalogue_on_a_screen(run, tmp_path, args, keys):
    app = run(*args, env=PSEUDO)
    assert app.pump_until(lambda a: "⟦" in a.text()), app.text()
    for key in keys:
        app.send(key)
        app.pump(0.3)
    app.pump(0.5)
    screen = app.text() + "\n" + app.screen.title
    assert escaped(screen) == [], screen
    assert cut(app.text()) == [], app.text()
    app.send("q")
    app.wait()
    if args[0] == "timer":
        env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
        subprocess.run([BINARY, "timer", "--cancel", "--name", "tea"], env=env, capture_output=True, timeout=10)
        watcher_gone(tmp_path)


def test_hints_too_long_for_a_narrow_terminal_are_left_out_whole(run, tmp_path):
    app = run("timer", "5m", "--name", "tea", columns=60, env=PSEUDO)
    assert app.pump_until(lambda a: "⟦q quit" in a.text()), app.text()
    hints = app.text().splitlines()[-1]
    assert hints.count("⟦") == hints.count("⟧") >= 1 and "⟦Space pause/resume" in hints, hints
    app.send("q")
    app.wait()
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    subprocess.run([BINARY, "timer", "--cancel", "--name", "tea"], env=env, capture_output=True, timeout=10)
    watcher_gone(tmp_path)


def test_the_alarm_list_and_the_status_line_are_all_catalogue(tmp_path):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"), **PSEUDO)
    assert subprocess.run([BINARY, "alarm", "add", "7:00", "--days", "mon-fri"], env=env, capture_output=True, timeout=10).returncode == 0
    try:
        for args in (["alarm", "list"], ["status"]):
            said = subprocess.run([BINARY, *args], env=env, capture_output=True, text=True, timeout=10).stdout
            assert "⟦" in said and escaped(said) == [], said
        json = subprocess.run([BINARY, "status", "--format", "json"], env=env, capture_output=True, text=True, timeout=10).stdout
        assert "⟦" not in json and '"next alarm: ' in json, json
    finally:
        subprocess.run([BINARY, "alarm", "remove", "1"], env=env, capture_output=True, timeout=10)
        watcher_gone(tmp_path)
