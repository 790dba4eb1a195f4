-- wrk: the reads a page makes, in turn: the boat (show --json), its history, the boat list, a drag's preview.
local paths = {
  "/api/boats/Sample%20crew",
  "/api/boats/Sample%20crew/history?limit=20",
  "/api/boats",
  "/api/boats/Sample%20crew/preview?origin=L2&target=R2",
}
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  ok = 0
  failed = 0
end

function request()
  counter = counter % #paths + 1
  return wrk.format("GET", paths[counter])
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else failed = failed + 1 end
end

function done(summary, latency, requests)
  local total_ok, total_failed = 0, 0
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    total_failed = total_failed + thread:get("failed")
  end
  io.write(string.format("RESULT reads ok=%d failed=%d socket_errors=%d p50_ms=%.3f p99_ms=%.3f duration_s=%.3f\n",
    total_ok, total_failed,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.duration / 1e6))
end
