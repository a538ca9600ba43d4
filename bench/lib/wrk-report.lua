-- Used by bench/lib/wrk.ts: sets the method and body from the environment and prints one
-- JSON line with the totals and the latency percentiles (wrk's own report has no p95).
local method = os.getenv("WRK_METHOD")
local body = os.getenv("WRK_BODY")
if method and method ~= "" then wrk.method = method end
if body and body ~= "" then wrk.body = body end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d,"errors":%d,"status_errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    errors, summary.errors.status))
end
