-- wrk: exchanges as `lineup exchange` makes them (each one history record), alternating two pairs of seats.
local bodies = { '{"first": "L1", "second": "R1"}', '{"first": "L2", "second": "R2"}' }
local counter = 0
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  ok = 0
  failed = 0
  sent = 0
end

-- Every request sent is counted: when wrk stops, those still in flight get no answer it counts, though the
-- server may have committed them.
function request()
  sent = sent + 1
  counter = counter % #bodies + 1
  return wrk.format("POST", "/api/boats/Sample%20crew/exchange",
    { ["Content-Type"] = "application/json" }, bodies[counter])
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else failed = failed + 1 end
end

function done(summary, latency, requests)
  local total_ok, total_failed, total_sent = 0, 0, 0
  for _, thread in ipairs(threads) do
    total_ok = total_ok + thread:get("ok")
    total_failed = total_failed + thread:get("failed")
    total_sent = total_sent + thread:get("sent")
  end
  io.write(string.format("RESULT exchanges ok=%d sent=%d failed=%d socket_errors=%d p50_ms=%.3f p99_ms=%.3f duration_s=%.3f\n",
    total_ok, total_sent, total_failed,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.duration / 1e6))
end
