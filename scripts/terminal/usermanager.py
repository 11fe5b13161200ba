"""A systemd user manager of our own, for tests and benchmarks: `systemd --user` in a private
mount namespace where /run/systemd/system exists (a user manager asks for it: "booted with
systemd"), so it runs in a container too. Commands that talk to it run in its namespace
(`command`, `run`, `popen`). Needs root (unshare, mount, nsenter)."""
import os
import subprocess
import time


class UserManager:
    def __init__(self, folder, env):
        """Starts the manager with `env` plus a runtime folder, XDG_CONFIG_HOME and XDG_DATA_HOME
        (where it records when each timer last ran: never the user's own) in `folder` (a
        pathlib.Path). Its services' session bus is `runtime/bus` in that folder, whatever `env`
        says: the caller starts one there. Raises RuntimeError, with its log, if it does not
        come up."""
        runtime = folder / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        self.env = {**env, "XDG_RUNTIME_DIR": str(runtime), "XDG_CONFIG_HOME": str(folder / "config"), "XDG_DATA_HOME": str(folder / "data")}
        # The session bus is the caller's (at runtime/bus, where a manager tells its services
        # it is): the manager's own socket for it, which would take that path over, is masked.
        units = folder / "config" / "systemd" / "user"
        units.mkdir(parents=True, exist_ok=True)
        for name in ("dbus.socket", "dbus.service"):
            if not (units / name).exists():
                (units / name).symlink_to("/dev/null")
        self.log_path = folder / "manager.log"
        self.log = open(self.log_path, "w")
        os.makedirs("/run/systemd", exist_ok=True)
        script = "mount -t tmpfs tmpfs /run/systemd && mkdir /run/systemd/system && exec /lib/systemd/systemd --user"
        self.process = subprocess.Popen(["unshare", "--mount", "--propagation", "private", "sh", "-c", script], env=self.env, stdout=self.log, stderr=self.log)
        end = time.monotonic() + 20
        while self.process.poll() is None and self.state() not in ("running", "degraded") and time.monotonic() < end:
            time.sleep(0.1)
        if self.process.poll() is not None or self.state() not in ("running", "degraded"):
            self.close()
            raise RuntimeError("a systemd user manager cannot run here: " + self.log_path.read_text()[-500:])

    def command(self, argv):
        return ["nsenter", "-t", str(self.process.pid), "-m", "--", *argv]

    def run(self, *argv, env=None, **options):
        return subprocess.run(self.command(list(argv)), env={**self.env, **(env or {})}, capture_output=True, text=True, **options)

    def popen(self, *argv, **options):
        return subprocess.Popen(self.command(list(argv)), env=self.env, **options)

    def state(self):
        return self.run("systemctl", "--user", "is-system-running").stdout.strip()

    def timers(self, zone="UTC"):
        """Our timer units loaded now: unit → its next elapse, as systemctl lists it in `zone`."""
        listed = self.run("systemctl", "--user", "list-timers", "--all", "--no-legend", "--no-pager", env={"TZ": zone}).stdout
        found = {}
        for line in listed.splitlines():
            words = line.split()
            units = [word for word in words if word.startswith("clockwork-") and word.endswith(".timer")]
            if units:
                found[units[0]] = " ".join(words[:4])
        return found

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
