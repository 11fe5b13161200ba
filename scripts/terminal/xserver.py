"""A private X server (Xvfb) for tests and benchmarks, on a display number it chooses itself
(-displayfd): two runs at once never share, or end, each other's server. It does not reset when
its last client leaves (-noreset): a connection made during a reset is refused, and one test's
window closing just before the next connects made a CI run fail so."""
import subprocess


def start(screen="1280x1024x24"):
    """Starts Xvfb; returns its process and its display (":93"). Raises RuntimeError if it
    does not start."""
    server = subprocess.Popen(["Xvfb", "-displayfd", "1", "-noreset", "-screen", "0", screen, "-nolisten", "tcp"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    number = server.stdout.readline().strip()
    if not number.isdigit() or server.poll() is not None:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"
