"""A Swift developer's first package: depending on Clockwork by the README's line and nothing
else, the README's example and every step of both DocC tutorials build and run in a fresh
folder, and each step writes the picture its tutorial shows (scripts/tutorials/steps)."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESOURCES = os.path.join(ROOT, "Sources/ClockworkWidgets/ClockworkWidgets.docc/Resources")


def test_the_readme_line_builds_the_example_and_every_tutorial_step():
    steps = sorted(name[:-6] for name in os.listdir(RESOURCES) if name.endswith(".swift"))
    assert len(steps) >= 10 and any(s.startswith("face-") for s in steps) and any(s.startswith("ring-") for s in steps)
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts/tutorials/steps")], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Readme: ran"), done.stdout
    for step in steps:
        match = re.search(rf"^{step}: (\d+) pixels differ by more than 8", done.stdout, re.M)
        assert match and int(match.group(1)) <= 20, f"{step}:\n{done.stdout}"
    assert f"and {len(steps)} tutorial steps built by" in done.stdout
