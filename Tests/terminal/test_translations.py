"""The texts a person reads in their language (gettext's catalogues, po/): the timer's keys on
screen in Vietnamese, German and Japanese (two cells a character) as LANG says, English in the C
locale; dates as the locale writes them, in the calendar asked for; and the plain lines, read by
programs, the same in every language."""
import os
import re
import subprocess

import pytest

from test_live import BINARY, run  # noqa: F401  (the pty fixture)
from test_persistence import watcher_gone

# The locale is LANG's alone: none of the variables that would win over it.
def language(lang):
    return {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


@pytest.mark.parametrize("lang, keys", [
    ("vi_VN.UTF-8", "Space tạm dừng/tiếp tục  r/nhấp bắt đầu lại  +/- một phút  q thoát"),
    ("de_DE.UTF-8", "Leertaste Pause/Weiter  r/Klick Neustart  +/- eine Minute  q Beenden"),
    ("ja_JP.UTF-8", "Space 一時停止/再開  r/クリック 再スタート  +/- 1 分  q 終了"),
    ("C.UTF-8", "Space pause/resume  r/click restart  +/- a minute  q quit"),
])
def test_the_timers_keys_are_in_the_readers_language(run, tmp_path, lang, keys):
    app = run("timer", "5m", "--name", "tea", env=language(lang))
    assert app.pump_until(lambda a: keys in a.text()), app.text()
    app.send(" ")
    paused = {"vi_VN.UTF-8": "tạm dừng", "de_DE.UTF-8": "pausiert", "ja_JP.UTF-8": "一時停止中", "C.UTF-8": "paused"}[lang]
    assert app.pump_until(lambda a: paused in a.text()), app.text()
    app.send("q")
    assert app.wait() == 130
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    assert subprocess.run([BINARY, "timer", "--cancel", "--name", "tea"], env=env, capture_output=True, timeout=10).returncode == 0
    watcher_gone(tmp_path)


def test_plain_lines_are_the_same_in_every_language(tmp_path):
    outputs = []
    for lang in ("vi_VN.UTF-8", "C.UTF-8"):
        env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / lang / "state"), **language(lang))
        done = subprocess.run([BINARY, "timer", "1s", "--plain", "--no-sound"], env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
        watcher_gone(tmp_path / lang)
    assert outputs[0] == outputs[1] == "0:01\n0:00\n"


@pytest.mark.parametrize("lang, days, date", [
    ("de_DE.UTF-8", "Mo–Fr", r"nächster (Mo|Di|Mi|Do|Fr) \d\d\.\d\d\.20\d\d 07:00:00"),
    ("vi_VN.UTF-8", "T2–T6", r"(T2|T3|T4|T5|T6) \d\d/\d\d/20\d\d 07:00:00"),
    ("C.UTF-8", "Mon–Fri", r"next (Mon|Tue|Wed|Thu|Fri) 20\d\d-\d\d-\d\d 07:00:00"),
])
def test_an_alarms_days_and_date_are_written_as_the_locale_writes_them(tmp_path, lang, days, date):
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"), XDG_CONFIG_HOME=str(tmp_path / "config"), TZ="UTC")
    added = subprocess.run([BINARY, "alarm", "add", "7:00", "--days", "mon-fri"], env=env, capture_output=True, text=True, timeout=10)
    assert added.returncode == 0, added.stderr
    try:
        listed = subprocess.run([BINARY, "alarm", "list"], env=dict(env, **language(lang)), capture_output=True, text=True, timeout=10)
        assert f"07:00 {days}" in listed.stdout and re.search(date, listed.stdout), listed.stdout
    finally:
        subprocess.run([BINARY, "alarm", "remove", "1"], env=env, capture_output=True, timeout=10)
        watcher_gone(tmp_path)


def test_the_clocks_date_is_read_in_the_calendar_asked_for(run):
    app = run("clock", "--calendar", "buddhist", env={"TZ": "UTC", **language("C.UTF-8")})
    assert app.pump_until(lambda a: re.search(r"25\d\d BE", a.text())), app.text()
    app.send("q")
    assert app.wait() == 0
    digital = run("clock", "--face", "digital", "--calendar", "persian", env={"TZ": "UTC", **language("de_DE.UTF-8")})
    assert digital.pump_until(lambda a: re.search(r"14\d\d AP", a.text())), digital.text()
    digital.send("q")
    assert digital.wait() == 0


def test_wide_characters_take_two_cells_and_the_hints_stay_whole(run):
    app = run("stopwatch", env=language("ja_JP.UTF-8"))
    assert app.pump_until(lambda a: "Space 開始  l/Enter ラップ  r リセット (停止中)  q 終了" in a.text()), app.text()
    app.send(" ")
    assert app.pump_until(lambda a: "Space 停止  l/Enter ラップ" in a.text() and "計測中" in a.text()), app.text()
    app.send(" q")
    assert app.wait() == 0
