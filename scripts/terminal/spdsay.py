"""A stand-in for speech-dispatcher's spd-say, for tests: put first on PATH, it writes down
what it was asked to say (its last argument), a line each."""
import stat


def stand_in_spd_say(folder):
    """A folder under `folder` holding the stand-in `spd-say`, and the file it writes to."""
    programs = folder / "bin"
    programs.mkdir()
    record = folder / "said.txt"
    script = programs / "spd-say"
    script.write_text(f'#!/bin/sh\nfor word; do last="$word"; done\necho "$last" >> "{record}"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(programs), record


def said(record):
    """What was said so far, in order."""
    return record.read_text().splitlines() if record.exists() else []
