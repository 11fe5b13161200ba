"""Real-time scheduling for a measuring reader (scripts/bench): a reader at normal priority can
itself be woken milliseconds late on a busy host, and the measured program would carry the
blame. What the reader starts afterwards runs at normal priority (SCHED_RESET_ON_FORK)."""
import os


def set_realtime(on=True):
    """SCHED_FIFO for this process, or back to normal; returns whether it could."""
    try:
        if on:
            os.sched_setscheduler(0, os.SCHED_FIFO | os.SCHED_RESET_ON_FORK, os.sched_param(10))
        else:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
        return True
    except (PermissionError, OSError):
        return False
