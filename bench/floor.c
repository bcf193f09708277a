// The raw-read floor for skill discovery: readdir + open + read 8 KiB + close
// per skill directory, nothing else. A measuring stick for bench/compare.ts,
// not product code: no parsing, no checks, no output beyond a count.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  char buf[8192], path[4096];
  DIR *d = opendir(argv[1]);
  struct dirent *e;
  long total = 0, n = 0;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s/SKILL.md", argv[1], e->d_name);
    int fd = open(path, O_RDONLY);
    if (fd < 0) continue;
    ssize_t r = read(fd, buf, sizeof buf);
    if (r > 0) total += r;
    close(fd);
    n++;
  }
  closedir(d);
  printf("%ld files %ld bytes\n", n, total);
  return 0;
}
