// libFuzzer entry point for the roster CSV reader; built by fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRosterCSV(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let violations = FuzzChecks.rosterCSV(Array(UnsafeBufferPointer(start: data, count: count)))
    if !violations.isEmpty { fatalError(violations.joined(separator: "\n")) }
    return 0
}
