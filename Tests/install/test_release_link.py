"""What only the release link runs (Makefile, RELEASE_FLAGS), which the debug build the other
tests use never does: glibc's libm linked in from libm.a with the glue it needs
(scripts/release/static-libm.c), FreeType linked in, read with only the modules an outline
font needs (Sources/CGlyphOutlines), and the file order of scripts/release/layout.ld. Each is
built into a small C program by the toolchain's clang, both ways, and the two must agree.

Run by `make test` (pytest).
"""
import os
import shutil
import signal
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CLANG = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swift"))), "clang")
ARCHIVES = "/usr/lib/x86_64-linux-gnu"

MATH = r"""
#include <math.h>
#include <stdio.h>
int main(void) {
  for (double x = -7.25; x < 7.5; x += 0.37)
    printf("%a %a %a %a %a %a %a %a\n", sin(x), cos(x), atan2(x, 1.5), pow(fabs(x), 1.7), floor(x),
           exp(x), log(fabs(x) + 1), hypot(x, 2));
  return 0;
}
"""

OUTLINES = r"""
#include "CGlyphOutlines.h"
#include <stdio.h>
int main(int argc, char **argv) {
  cw_outlines *outlines = cw_outlines_create();
  if (!outlines) return 1;
  uint32_t digits[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9', '0'};
  for (int a = 1; a < argc; a++) {
    int face = cw_outlines_face(outlines, argv[a], 0);
    if (face < 0) return 2;
    cw_line_extents e = cw_outlines_measure(outlines, face, digits, 10);
    printf("%s: %.6f %.6f %.6f %.6f %.6f\n", argv[a], e.ascent, e.descent, e.advance, e.ink_top, e.ink_bottom);
  }
  cw_outlines_destroy(outlines);
  return 0;
}
"""


LAYOUT = r"""
#include <stdio.h>
#include <string.h>
static const char table[] = "a table in .rodata";
/* As the toolchain's archives have them: a writable section named .rodata. */
static int written_rodata __attribute__((section(".rodata.written"))) = 40;
static char data[64] = "initialised data";
static char zeroed[1 << 16];
static __thread int per_thread = 7;
static int constructed;
__attribute__((constructor)) static void construct(void) { constructed = 41; }
static const char *(*pointer)(void);
static const char *named(void) { return table; }
int main(int argc, char **argv) {
  if (argc > 1) *(volatile char *)table = 'A';  /* a constant written: the process must fault */
  pointer = named;
  zeroed[sizeof zeroed - 1] = 1;
  written_rodata += 2;
  strcat(data, " and written");
  printf("%s, %s, %d, %d, %d, %d\n", pointer(), data, per_thread, constructed + 1, zeroed[sizeof zeroed - 1],
         written_rodata);
  return 0;
}
"""


def build(tmp_path, name, source, *arguments):
    (tmp_path / f"{name}.c").write_text(source)
    program = tmp_path / name
    subprocess.run([CLANG, "-O1", str(tmp_path / f"{name}.c"), "-o", str(program), *arguments], check=True)
    return program


def needed(program):
    return subprocess.run(["readelf", "-d", program], check=True, capture_output=True, text=True).stdout


def run(program, *arguments):
    return subprocess.run([program, *arguments], check=True, capture_output=True, text=True).stdout


def test_math_linked_in_gives_what_the_shared_libm_gives(tmp_path):
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, ".build/static-libs/libm.a"], check=True)
    linked_in = build(tmp_path, "math", MATH, f"-L{ROOT}/.build/static-libs", "-lm")
    shared = build(tmp_path, "math-shared", MATH, "-lm")
    assert "libm.so" not in needed(linked_in) and "libm.so" in needed(shared)
    assert run(linked_in) == run(shared)


def test_outlines_read_with_a_few_modules_measure_as_with_all(tmp_path):
    cflags = subprocess.run(["pkg-config", "--cflags", "freetype2", "fontconfig", "cairo"], check=True,
                            capture_output=True, text=True).stdout.split()
    common = [f"-I{ROOT}/Sources/CGlyphOutlines/include", *cflags, f"{ROOT}/Sources/CGlyphOutlines/outlines.c"]
    archives = [f"{ARCHIVES}/lib{name}.a" for name in ("fontconfig", "freetype", "expat", "png16", "brotlidec", "brotlicommon", "z")]
    linked_in = build(tmp_path, "outlines", OUTLINES, *common, *archives, "-lcairo", "-lm")
    shared = build(tmp_path, "outlines-shared", OUTLINES, *common, "-lfontconfig", "-lfreetype", "-lcairo", "-lm")
    assert "libfreetype" not in needed(linked_in) and "libfreetype" in needed(shared)
    # TrueType, and OpenType with CFF outlines (Debian's fonts-urw-base35, a test package).
    cff = subprocess.run(["fc-list", ":fontformat=CFF", "family"], capture_output=True, text=True).stdout.split("\n")[0]
    assert cff, "no OpenType CFF font installed (fonts-urw-base35)"
    families = ["DejaVu Sans", "DejaVu Sans Mono", cff.split(",")[0]]
    measured = run(linked_in, *families)
    assert measured == run(shared, *families)
    assert len(measured.splitlines()) == len(families)


def test_the_layout_links_loads_and_runs_as_lld_s_own(tmp_path):
    # The release link's options that shape the file, then the layout's script.
    flags = ["-fuse-ld=lld", "-pie", "-fPIE", "-Wl,-z,pack-relative-relocs", "-Wl,-z,max-page-size=65536",
             "-Wl,-z,separate-code"]
    laid_out = build(tmp_path, "layout", LAYOUT, *flags, f"-Wl,-T,{ROOT}/scripts/release/layout.ld")
    plain = build(tmp_path, "layout-plain", LAYOUT, *flags)
    assert run(laid_out) == run(plain) == "a table in .rodata, initialised data and written, 7, 42, 1, 42\n"
    # The constants stay read-only (the writable sections named .rodata go with the data).
    written = subprocess.run([laid_out, "write a constant"], capture_output=True)
    assert written.returncode == -signal.SIGSEGV, written
    sections = subprocess.run(["readelf", "-SW", laid_out], check=True, capture_output=True, text=True).stdout
    rodata = next(line for line in sections.splitlines() if "] .rodata " in line)
    assert "W" not in rodata.split()[-4], rodata
    # The order a start from disk relies on: the data before the code, the unwind tables last.
    segments = [line.split() for line in subprocess.run(["readelf", "-lW", laid_out], check=True,
                capture_output=True, text=True).stdout.splitlines() if line.strip().startswith("LOAD")]
    flags_in_order = [segment[-2] for segment in segments]
    assert flags_in_order.index("RW") < flags_in_order.index("E") < len(flags_in_order) - 1, flags_in_order
    assert flags_in_order[-1] == "R", flags_in_order
