"""A test notification server: python-dbusmock's notification template on a private session
bus, logging each call (shared by the alert and desktop tests)."""
import json
import os
import re
import subprocess
import time


class NotificationServer:
    """A private session bus (at `address`, else one of dbus-daemon's choosing) with a
    notification server that logs each call."""

    def __init__(self, folder, capabilities=None, address=None):
        self.log = folder / "notifications.log"
        self.log.touch()
        self.bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1", *([f"--address={address}"] if address else [])], stdout=subprocess.PIPE, text=True)
        self.address = self.bus.stdout.readline().strip()
        env = {**os.environ, "DBUS_SESSION_BUS_ADDRESS": self.address}
        parameters = ["-p", json.dumps({"capabilities": capabilities})] if capabilities else []
        self.server = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--template", "notification_daemon", *parameters, "-l", str(self.log)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Ready once the name is on the bus.
        for _ in range(100):
            names = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"], env=env, capture_output=True, text=True).stdout
            if "org.freedesktop.Notifications" in names:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the test notification server did not start")

    def notifications(self):
        """Each Notify call as (summary, body, urgency)."""
        return [call[:3] for call in self.calls()]

    def calls(self):
        """Each Notify call as (summary, body, urgency, the sender's pid)."""
        found = re.findall(r'Notify "clockwork" \d+ "[^"]*" "([^"]*)" "([^"]*)" \[[^]]*\] \{[^}]*"urgency": (\d), "sender-pid": (\d+)', self.log.read_text())
        return [(summary, body, int(urgency), int(pid)) for summary, body, urgency, pid in found]

    def press(self, notification, action):
        """A person presses a button of a notification: the service says so (ActionInvoked)."""
        import dbus
        bus = dbus.bus.BusConnection(self.address)
        server = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
        server.EmitSignal("org.freedesktop.Notifications", "ActionInvoked", "us", [dbus.UInt32(notification), action], dbus_interface="org.freedesktop.DBus.Mock")
        bus.close()

    def dismiss(self, notification):
        """A person closes a notification: the service says so (NotificationClosed, reason 2)."""
        import dbus
        bus = dbus.bus.BusConnection(self.address)
        server = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
        server.EmitSignal("org.freedesktop.Notifications", "NotificationClosed", "uu", [dbus.UInt32(notification), dbus.UInt32(2)], dbus_interface="org.freedesktop.DBus.Mock")
        bus.close()

    def icons(self):
        """The icon and the desktop-entry hint of each notification."""
        return re.findall(r'Notify "clockwork" \d+ "([^"]*)" .*?"desktop-entry": "([^"]*)"', self.log.read_text())

    def close(self):
        for process in (self.server, self.bus):
            process.terminate()
            process.wait()
