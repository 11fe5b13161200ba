"""Helpers shared by the end-to-end tests and the scripts: a program on a pseudo-terminal read
with pyte (ptyscreen), what a terminal answers to queries (answers), a real-time reader
(realtime) and a private systemd user manager (usermanager)."""
