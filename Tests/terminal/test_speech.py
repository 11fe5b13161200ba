"""A timer spoken aloud (--speak): through a stand-in for speech-dispatcher's spd-say, first
on PATH, that writes down what it was asked to say. The words and their order are checked,
never how long anything took (scripts/bench/speech measures when each is said)."""
import os
import subprocess

import pytest

from terminal.spdsay import languages, said, stand_in_spd_say
from test_live import BINARY, run  # noqa: F401  (the pty fixture)
from test_persistence import watcher_gone


def test_a_timer_says_its_last_minute_its_last_ten_seconds_and_its_end(tmp_path):
    folder, record = stand_in_spd_say(tmp_path)
    env = dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}", XDG_STATE_HOME=str(tmp_path / "state"))
    done = subprocess.run([BINARY, "timer", "65s", "--speak", "--plain"], env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr
    assert said(record) == ["1 minute", *[str(n) for n in range(10, 0, -1)], "time's up"]
    assert languages(record) == {"en"}
    lines = done.stdout.splitlines()
    assert lines[0] in ("1:05", "1:04") and lines[-1] == "0:00", lines  # the lines are as without speech
    assert "spd-say" not in done.stderr
    watcher_gone(tmp_path)


def test_a_sequence_says_each_phase_by_name(tmp_path):
    folder, record = stand_in_spd_say(tmp_path)
    env = dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}", XDG_STATE_HOME=str(tmp_path / "state"))
    done = subprocess.run([BINARY, "timer", "--sequence", "stretch 3s, rest 2s", "--speak", "--plain"],
                          env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert said(record) == ["2", "1", "rest", "1", "time's up"], said(record)
    watcher_gone(tmp_path)


@pytest.mark.parametrize("lang, languages_asked, spoken, language", [
    ("de_DE.UTF-8", "", ["2", "1", "Zeit ist um"], "de"),
    ("C.UTF-8", "pt_BR", ["2", "1", "acabou o tempo"], "pt-BR"),
])
def test_a_timer_speaks_in_the_readers_language(tmp_path, lang, languages_asked, spoken, language):
    folder, record = stand_in_spd_say(tmp_path)
    env = dict(os.environ, PATH=f"{folder}:{os.environ['PATH']}", XDG_STATE_HOME=str(tmp_path / "state"),
               LANG=lang, LC_ALL="", LC_MESSAGES="", LANGUAGE=languages_asked)
    done = subprocess.run([BINARY, "timer", "3s", "--speak", "--plain", "--no-sound"], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert said(record) == spoken and languages(record) == {language}, record.read_text()
    watcher_gone(tmp_path)


def test_with_no_speech_service_it_says_so_once_and_counts_down_as_ever(tmp_path):
    bare = tmp_path / "bare"
    bare.mkdir()
    env = dict(os.environ, PATH=str(bare), XDG_STATE_HOME=str(tmp_path / "state"))
    done = subprocess.run([BINARY, "timer", "2s", "--speak", "--plain"], env=env, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("no speech service") == 1, done.stderr
    assert done.stdout.splitlines()[-1] == "0:00"
    watcher_gone(tmp_path)


def test_question_mark_says_what_is_left_on_screen(run, tmp_path):
    folder, record = stand_in_spd_say(tmp_path)
    app = run("timer", "5m", "--speak", env={"PATH": f"{folder}:{os.environ['PATH']}"})
    assert app.pump_until(lambda a: "? time left" in a.text())
    app.send("?")
    assert app.pump_until(lambda a: any(line.endswith("left") for line in said(record)))
    assert said(record)[-1] in ("5 minutes left", "4 minutes 59 seconds left", "4 minutes 58 seconds left"), said(record)
    app.send("q")
    assert app.wait() == 130
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"))
    assert subprocess.run([BINARY, "timer", "--cancel"], env=env, capture_output=True, timeout=10).returncode == 0
    watcher_gone(tmp_path)

