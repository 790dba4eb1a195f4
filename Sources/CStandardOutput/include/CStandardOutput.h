#ifndef CSTANDARDOUTPUT_H
#define CSTANDARDOUTPUT_H

/// Makes C's `stdout` (what Swift's `print` writes through) a stream that remembers why a write to
/// descriptor 1 failed: stdio forgets errno once a large write has failed, and Swift cannot replace
/// the C global itself. Returns 0, or -1 when the stream could not be made (stdout is then unchanged).
int lineup_install_checked_stdout(void);

/// Flushes `stdout` and returns the error number of the first write to descriptor 1 that failed since
/// the install (0 when none did).
int lineup_stdout_error(void);

#endif
