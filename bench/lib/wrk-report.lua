-- wrk's results as one JSON line (bench/lib/wrk.js reads it): counts, errors and the latency percentiles
-- from wrk's own histogram (microseconds), which its text report gives only in part (no p95).
done = function(summary, latency, requests)
  local e = summary.errors
  local p = function(q) return latency:percentile(q) end
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"min":%d,"mean":%.3f,"stdev":%.3f,"max":%d,"p50":%d,"p75":%d,"p90":%d,"p95":%d,"p99":%d,"p999":%d}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency.min, latency.mean, latency.stdev, latency.max, p(50), p(75), p(90), p(95), p(99), p(99.9)))
end
