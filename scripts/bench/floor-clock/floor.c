/* The least a terminal clock does, in C: raw mode, a first screen of 100×40 coloured cells,
   then at each second's turn one prepared update of 1.5 kB, until q. floor.swift is the same
   in Swift: the two measure what a language's start and wake cost before any drawing. */
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  struct termios saved, raw;
  tcgetattr(0, &saved);
  raw = saved;
  cfmakeraw(&raw);
  tcsetattr(0, TCSANOW, &raw);
  static char first[40000], update[2000];
  int n = sprintf(first, "\033[2J");
  for (int row = 1; row <= 40; row++) {
    n += sprintf(first + n, "\033[%d;1H\033[38;2;200;200;200;48;2;10;10;10m", row);
    memset(first + n, 'A', 100);
    n += 100;
  }
  int u = 0;
  while (u < 1500) u += sprintf(update + u, "\033[12;40H\033[38;2;250;20;20;48;2;30;30;30m\xe2\x96\x88");
  write(1, first, n);
  struct pollfd input = {0, POLLIN, 0};
  for (;;) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    int wait = (int)((1000000000L - now.tv_nsec) / 1000000) + 1;
    if (poll(&input, 1, wait) > 0) {
      char c;
      if (read(0, &c, 1) <= 0 || c == 'q') break;
    } else {
      write(1, update, u);
    }
  }
  tcsetattr(0, TCSANOW, &saved);
  return 0;
}
