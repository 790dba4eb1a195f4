import Foundation

/// Writes files so that a reader, or a crash, sees the old file or the complete new one, never a part.
enum AtomicFile {
    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export.
    private static let openTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Writes `text` to `path`: the bytes go to a new file in the same folder, are flushed to disk, and the
    /// file then replaces `path` in one rename. Where the system allows, the new file has no name until it
    /// is complete, so a command killed while writing leaves nothing behind.
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandError.failed("\(path) is a folder; give a file name for --output")
        }
        var temporaryPath = folder + "/.\(url.lastPathComponent).\(getpid()).tmp"
        var descriptor = open(folder, openTemporaryFile | O_WRONLY, 0o644)
        let isUnnamed = descriptor >= 0
        if !isUnnamed {
            var template = Array((folder + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else {
                throw CommandError.failed("cannot write in \(folder); check that the folder exists and is writable")
            }
            temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var named = !isUnnamed
        defer {
            if named { unlink(temporaryPath) }
        }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                close(descriptor)
                throw CommandError.failed(
                    "cannot write \(path) (is the disk full?); the old file, if any, is unchanged")
            }
            offset += written
        }
        fchmod(descriptor, 0o644)
        guard fsync(descriptor) == 0 else {
            close(descriptor)
            throw CommandError.failed("cannot write \(path) to disk; the old file, if any, is unchanged")
        }
        if isUnnamed {
            // Give the complete file a name beside the target; the rename below then replaces the target.
            unlink(temporaryPath)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporaryPath, AT_SYMLINK_FOLLOW) == 0
            else {
                close(descriptor)
                throw CommandError.failed("cannot write in \(folder); the old file, if any, is unchanged")
            }
            named = true
        }
        guard close(descriptor) == 0 else {
            throw CommandError.failed("cannot write \(path) to disk; the old file, if any, is unchanged")
        }
        guard rename(temporaryPath, path) == 0 else {
            throw CommandError.failed("cannot replace \(path); the old file, if any, is unchanged")
        }
        named = false
        let folderDescriptor = open(folder, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
