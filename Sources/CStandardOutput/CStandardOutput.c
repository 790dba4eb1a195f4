#define _GNU_SOURCE
#include "CStandardOutput.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

static int first_error = 0;

static ssize_t write_descriptor(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(STDOUT_FILENO, buffer + done, size - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            if (first_error == 0) first_error = written < 0 ? errno : ENOSPC;
            return -1;
        }
        done += (size_t)written;
    }
    return (ssize_t)size;
}

int lineup_install_checked_stdout(void) {
    cookie_io_functions_t functions = {.read = NULL, .write = write_descriptor, .seek = NULL, .close = NULL};
    FILE *file = fopencookie(NULL, "w", functions);
    if (file == NULL) return -1;
    // Line-buffered on a terminal as before, fully buffered otherwise.
    setvbuf(file, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, 1 << 16);
    fflush(stdout);
    stdout = file;
    return 0;
}

int lineup_stdout_error(void) {
    fflush(stdout);
    return first_error;
}
