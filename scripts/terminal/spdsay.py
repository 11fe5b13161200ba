"""A stand-in for speech-dispatcher's spd-say, for tests: put first on PATH, it writes down
what it was asked to say (its last argument) and in which language (`-l`), a line each."""
import stat


def stand_in_spd_say(folder):
    """A folder under `folder` holding the stand-in `spd-say`, and the file it writes to."""
    programs = folder / "bin"
    programs.mkdir()
    record = folder / "said.txt"
    script = programs / "spd-say"
    script.write_text(
        "#!/bin/sh\nlanguage=\nwhile [ $# -gt 1 ]; do\n"
        '  if [ "$1" = -l ]; then language="$2"; shift; fi\n  shift\ndone\n'
        f'printf "%s\\t%s\\n" "$language" "$1" >> "{record}"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(programs), record


def said(record):
    """What was said so far, in order."""
    return [line.split("\t", 1)[1] for line in record.read_text().splitlines()] if record.exists() else []


def languages(record):
    """The languages it was asked to speak in."""
    return {line.split("\t", 1)[0] for line in record.read_text().splitlines()} if record.exists() else set()
