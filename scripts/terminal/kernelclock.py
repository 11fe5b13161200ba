"""The kernel's word on the system clock, read as any process may (adjtimex(2) with no change
asked), for the tests to hold the app's answer against."""
import ctypes
import struct


def kernel_clock():
    """(synchronised, maxerror in ms): struct timex is 208 bytes on x86-64 and arm64; maxerror
    is at offset 24, status at 40."""
    reading = ctypes.create_string_buffer(256)
    state = ctypes.CDLL(None, use_errno=True).adjtimex(reading)
    max_error, = struct.unpack_from("l", reading, 24)
    status, = struct.unpack_from("i", reading, 40)
    return state != 5 and not status & 0x40, max_error / 1000  # TIME_ERROR, STA_UNSYNC
