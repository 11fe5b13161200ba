"""The suite ends only what it started: a user's clockwork kept under the system's temporary
folder, running while `make test` runs, is left alone."""
import os
import subprocess
import tempfile

import conftest

BINARY = os.environ.get("CLOCKWORK_BINARY", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "clockwork"))
SYSTEM_TEMP = "/tmp"


def stopwatch(env):
    process = subprocess.Popen([BINARY, "stopwatch", "--plain"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    process.stdout.readline()  # it runs
    return process


def test_a_users_clockwork_under_the_temp_folder_is_not_the_runs(tmp_path):
    users_state = tempfile.mkdtemp(dir=SYSTEM_TEMP, prefix="a-users-clockwork-")
    user_env = {k: v for k, v in os.environ.items() if k not in (conftest.MARK, "TMPDIR")}
    user_env["XDG_STATE_HOME"] = users_state
    users = stopwatch(user_env)
    ours = stopwatch(dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state")))
    try:
        found = conftest.our_processes()
        assert ours.pid in found, "what the run started is the run's"
        assert users.pid not in found, "a user's stopwatch in the temp folder is not the run's to end"
    finally:
        for process in (users, ours):
            process.kill()
            process.wait()
        subprocess.run(["rm", "-rf", users_state], check=True)
