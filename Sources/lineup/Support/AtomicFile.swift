import Foundation

/// Writes files so that a reader, or a crash, sees the old file or the complete new one, never a part.
enum AtomicFile {
    /// Writes `text` to `path` through a temporary file in the same folder, flushed to disk, then renamed.
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandError.failed("\(path) is a folder; give a file name for --output")
        }
        var template = Array((folder + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw CommandError.failed("cannot write in \(folder); check that the folder exists and is writable")
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporaryPath) }
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
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            throw CommandError.failed("cannot write \(path) to disk; the old file, if any, is unchanged")
        }
        guard rename(temporaryPath, path) == 0 else {
            throw CommandError.failed("cannot replace \(path); the old file, if any, is unchanged")
        }
        succeeded = true
        let folderDescriptor = open(folder, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
