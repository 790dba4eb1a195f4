#ifndef CSQLITESUPPORT_H
#define CSQLITESUPPORT_H

#include <sqlite3.h>

/// Stops the connection from checkpointing the write-ahead log into the database file when it closes, so
/// that a command that only reads never writes the file. A wrapper because sqlite3_db_config() is variadic,
/// which Swift cannot call. Returns SQLite's result code.
static inline int lineup_disable_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// Stops SQLite from keeping memory statistics for the process: every allocation and free then skips a mutex
/// and the counters that only sqlite3_memory_used() and a soft heap limit read. Takes effect only before SQLite
/// is first used in the process (SQLITE_MISUSE after). A wrapper because sqlite3_config() is variadic.
static inline int lineup_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// The operating system's error number (errno) behind the connection's last I/O error, or 0.
static inline int lineup_system_errno(sqlite3 *db) {
    return sqlite3_system_errno(db);
}

#endif
