"""`make install` and `make uninstall` into a staging folder (DESTDIR), as a packager runs them:
the binary, a man page per subcommand and the shell completions, each where it is looked for.

Run by `make test` (pytest); installs the debug build (BUILT) to skip a release build.
"""
import os
import subprocess
from pathlib import Path

from PIL import Image

from terminal.ptyscreen import PtyApp

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
BINARY = os.path.abspath(os.environ.get("CLOCKWORK_BINARY", os.path.join(ROOT, ".build", "debug", "clockwork")))

PAGES = ["clockwork", "clockwork-clock", "clockwork-stopwatch", "clockwork-timer", "clockwork-alarm", "clockwork-alarm-add",
         "clockwork-render", "clockwork-render-clock", "clockwork-render-timer", "clockwork-pomodoro", "clockwork-preset",
         "clockwork-preset-add", "clockwork-status"]


def make(target, destdir):
    return subprocess.run(["make", "--no-print-directory", "-C", ROOT, target, f"DESTDIR={destdir}", "PREFIX=/usr", f"BUILT={BINARY}"],
                          capture_output=True, text=True)


def complete(installed, line, **variables):
    """What bash's completion (the installed script, with the installed binary first on PATH)
    offers for `line`, the cursor at its end."""
    script = f"""
        source {installed}/share/bash-completion/completions/clockwork
        COMP_LINE="$1"; COMP_POINT=${{#COMP_LINE}}
        read -ra COMP_WORDS <<<"$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1))
        _clockwork clockwork "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD - 1]}}"
        printf '%s\\n' "${{COMPREPLY[@]}}"
    """
    env = {**os.environ, "PATH": f"{installed}/bin:{os.environ['PATH']}", **variables}
    return subprocess.run(["bash", "-c", script, "bash", line], capture_output=True, text=True, env=env).stdout.split()


def test_the_shipped_man_pages_are_the_binarys_help(tmp_path):
    """The pages an install copies (docs/man) say what the binary's --help says."""
    made = subprocess.run([os.path.join(ROOT, "scripts", "man"), "--output", str(tmp_path), BINARY], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr

    def page(path):
        return [line for line in path.read_text().splitlines() if not line.startswith(".Dd ")]
    shipped = os.path.join(ROOT, "docs", "man")
    assert sorted(os.listdir(shipped)) == sorted(p.name for p in tmp_path.iterdir())
    stale = [p.name for p in tmp_path.iterdir() if page(p) != page(Path(shipped) / p.name)]
    assert stale == [], f"docs/man is not the binary's help: run `make man` ({stale})"


def test_install_puts_each_part_where_it_is_looked_for_and_uninstall_takes_it_all(tmp_path):
    result = make("install", tmp_path)
    assert result.returncode == 0, result.stderr
    usr = tmp_path / "usr"
    binary = usr / "bin" / "clockwork"
    assert subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    assert b".debug_info" not in binary.read_bytes(), "stripped"
    for program in ("clockwork-alerts", "clockwork-desktop"):
        assert (usr / "bin" / program).is_file() and b".debug_info" not in (usr / "bin" / program).read_bytes(), program
    for page in PAGES:
        path = usr / "share" / "man" / "man1" / f"{page}.1"
        shown = subprocess.run(["man", "-P", "cat", "-l", str(path)], capture_output=True, text=True, env={**os.environ, "MANWIDTH": "80"})
        assert shown.returncode == 0 and shown.stderr == "", (page, shown.stderr)
        assert "SYNOPSIS" in shown.stdout
    pages = {p.name for p in (usr / "share" / "man" / "man1").iterdir()}
    assert not any(hidden in name for name in pages for hidden in ("watch-alerts", "exec-hook", "help")), pages
    assert (usr / "share" / "zsh" / "site-functions" / "_clockwork").read_text().startswith("#compdef clockwork")
    assert "complete -c 'clockwork'" in (usr / "share" / "fish" / "vendor_completions.d" / "clockwork.fish").read_text()
    # Values are completed: fixed lists, and zones and themes asked of the binary.
    assert complete(usr, "clockwork clock --graphics ") == ["sextant", "quadrant", "half", "chafa", "sixel", "kitty"]
    assert "Europe/Berlin" in complete(usr, "clockwork timer --zone Europe/Be")
    assert "night" in complete(usr, "clockwork clock --theme ")
    assert complete(usr, "clockwork ti") == ["timer"]
    # The user's presets, where a duration goes and to remove one.
    config = tmp_path.parent / f"{tmp_path.name}-config"  # beside the staging folder, which uninstall must leave empty
    (config / "clockwork").mkdir(parents=True)
    (config / "clockwork" / "presets.json").write_text('{ "tea": { "duration": "4m" }, "toast": { "duration": "2m" } }')
    assert complete(usr, "clockwork timer t", XDG_CONFIG_HOME=str(config)) == ["tea", "toast"]
    assert complete(usr, "clockwork preset remove te", XDG_CONFIG_HOME=str(config)) == ["tea"]
    # Themes with pictures, found by name beside the binary.
    assert (usr / "share" / "clockwork" / "themes" / "wall" / "wall.json").is_file()
    assert "wall" in complete(usr, "clockwork clock --theme w")
    stamp = subprocess.run([binary, "render", "clock", "--theme", "wall", "--size", "64", "-o", str(tmp_path / "wall.png")],
                           capture_output=True, text=True, env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "none"), "XDG_DATA_DIRS": str(tmp_path / "none")})
    assert stamp.returncode == 0, stamp.stderr
    (tmp_path / "wall.png").unlink()
    # In the application grid and software centres: an entry and metainfo their validators
    # accept, and the icon drawn by the app, scalable and in the usual sizes.
    share = usr / "share"
    entry = share / "applications" / "io.github.clockwork.Clockwork.desktop"
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout == "", checked.stdout + checked.stderr
    assert "Exec=clockwork-desktop" in entry.read_text() and "Actions=timer;pomodoro;stopwatch;" in entry.read_text()
    # Named in each language of po/ (msgfmt --desktop and --xml).
    assert "GenericName[de]=Uhr" in entry.read_text() and "Name[vi]=Hẹn giờ, 5 phút" in entry.read_text()
    metainfo = share / "metainfo" / "io.github.clockwork.Clockwork.metainfo.xml"
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    checked = subprocess.run(["appstream-util", "validate", "--nonet", str(metainfo)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert '<summary xml:lang="ja">時計、タイマー、ストップウォッチをミリ秒単位の正確さで</summary>' in metainfo.read_text()
    svg = share / "icons" / "hicolor" / "scalable" / "apps" / "io.github.clockwork.Clockwork.svg"
    assert svg.read_text().lstrip().startswith("<?xml") and "<svg" in svg.read_text()
    for size in (16, 32, 48, 128, 256, 512):
        png = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "io.github.clockwork.Clockwork.png"
        with Image.open(png) as icon:
            assert icon.size == (size, size) and icon.mode == "RGBA", (png, icon.size, icon.mode)
            assert icon.getpixel((0, 0))[3] == 0 and icon.getpixel((size // 2, size // 4))[3] == 255, "a round face, the corners clear"
    # The translations, found in share/locale beside the folder of the binary started from PATH.
    for language in ("vi", "de"):
        assert (share / "locale" / language / "LC_MESSAGES" / "clockwork.mo").is_file(), language
    state = tmp_path.parent / f"{tmp_path.name}-state"
    env = {"PATH": f"{usr / 'bin'}:{os.environ['PATH']}", "LANG": "vi_VN.UTF-8", "LC_ALL": "", "LANGUAGE": "", "XDG_STATE_HOME": str(state)}
    app = PtyApp(["/bin/sh", "-c", "clockwork timer 5m --name installed"], env=env)
    try:
        assert app.pump_until(lambda a: "q thoát" in a.text()), app.text()
        app.send("q")
        assert app.wait() == 130
    finally:
        app.close()
    assert subprocess.run([binary, "timer", "--cancel", "--name", "installed"], env={**os.environ, **env}, capture_output=True).returncode == 0

    result = make("uninstall", tmp_path)
    assert result.returncode == 0, result.stderr
    assert [str(p) for p in tmp_path.rglob("*") if p.is_file()] == []
