-- wrk script for the benchmark: each connection sends the prepared requests in turn, and the run
-- ends with one line of JSON the benchmark reads.
--
--   wrk ... -s bench/lib/wrk.lua <url> -- <requests.lua>
--
-- <requests.lua> returns a list of { method, path, headers, body } tables.

local requests = {}
local turn = 0

function init(args)
  for i, call in ipairs(dofile(args[1])) do
    requests[i] = wrk.format(call.method, call.path, call.headers, call.body)
  end
end

function request()
  turn = turn + 1
  if turn > #requests then
    turn = 1
  end
  return requests[turn]
end

function done(summary, latency, _)
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
      '"p50":%d,"p95":%d,"p99":%d,"max":%d}\n',
    summary.requests,
    summary.duration,
    errors.connect,
    errors.read,
    errors.write,
    errors.status,
    errors.timeout,
    latency:percentile(50),
    latency:percentile(95),
    latency:percentile(99),
    latency.max
  ))
end
