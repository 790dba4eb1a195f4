// libFuzzer entry point for the place (seat reference) parser; built by fuzz/run.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaceReference(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let violations = FuzzChecks.placeReference(Array(UnsafeBufferPointer(start: data, count: count)))
    if !violations.isEmpty { fatalError(violations.joined(separator: "\n")) }
    return 0
}
