-- wrk script for bench/rest: "register a device, then subscribe it" as fast as the target allows.
--   wrk -t1 -c32 -d10s --latency -s bench/rest/register-subscribe.lua http://127.0.0.1:PORT -- NONCE
-- NONCE (hex, optional) keeps APNs tokens unique across runs against the same database.
--
-- wrk gives each thread its own Lua state; all connections of a thread share it, and request() does
-- not say which connection it is for. So the pairing is per thread, not per connection: every
-- response to a registration queues its deviceUuid, and request() subscribes a queued device if
-- there is one, or else registers a fresh token. A connection therefore does not strictly alternate,
-- but the thread as a whole does: each registered device is subscribed exactly once (save the few
-- still queued when the run stops), so the request mix stays about 50/50.

local ORG_SLUG = "bench"
local HEADERS = { ["Content-Type"] = "application/json" }

-- Per-thread state (set by setup() through thread:set, or defaults in wrk's main state, where wrk
-- calls request() once to check it).
id = id or 0
nonce = "0000000000000000"
local counter = 0
local queue, head, tail = {}, 1, 0

-- Counters read back by done().
registered, existing, subscribed, resubscribed, unparsed, failed = 0, 0, 0, 0, 0, 0
statuses = ""        -- "status=count ..." of the non-2xx responses, filled in at the end of the run
samples = ""         -- the first few non-2xx responses, for the report
local failedByStatus = {}
local sampleCount = 0

local threads = {}
local nextId = 1

function setup(thread)
  thread:set("id", nextId)
  nextId = nextId + 1
  table.insert(threads, thread)
end

function init(args)
  local given = args[1]
  if given and given:match("^[0-9a-fA-F]+$") then nonce = (given .. "0000000000000000"):sub(1, 16):lower() end
  math.randomseed((tonumber(nonce:sub(1, 7), 16) or 0) + id * 7919)
end

local function hex8()
  return string.format("%08x", math.random(0, 0x7fffffff) * 2 + math.random(0, 1))
end

-- 64 hex characters: 32 random (spread over the index like real tokens), 16 of run nonce, 4 of thread,
-- 8 of counter, 4 random. Unique per run, thread and request.
local function token()
  counter = counter + 1
  return hex8() .. hex8() .. hex8() .. hex8() .. nonce .. string.format("%04x", id % 0x10000) .. string.format("%08x", counter) .. hex8():sub(1, 4)
end

function request()
  if head <= tail then
    local uuid = queue[head]
    queue[head] = nil
    head = head + 1
    counter = counter + 1
    local body = '{"orgSlug":"' .. ORG_SLUG .. '","externalId":"user-' .. id .. '-' .. counter .. '"}'
    return wrk.format("POST", "/v1/devices/" .. uuid .. "/subscriptions", HEADERS, body)
  end
  local body = '{"apnsToken":"' .. token() .. '","platform":"ios"}'
  return wrk.format("POST", "/v1/devices", HEADERS, body)
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    local uuid = body:match('"deviceUuid"%s*:%s*"([0-9a-fA-F%-]+)"')
    if uuid then
      if status == 201 then registered = registered + 1 else existing = existing + 1 end
      tail = tail + 1
      queue[tail] = uuid
    elseif body:find('"orgSlug"', 1, true) then
      if status == 201 then subscribed = subscribed + 1 else resubscribed = resubscribed + 1 end
    else
      unparsed = unparsed + 1
    end
    return
  end
  failed = failed + 1
  failedByStatus[status] = (failedByStatus[status] or 0) + 1
  local parts = {}
  for code, count in pairs(failedByStatus) do table.insert(parts, code .. "=" .. count) end
  statuses = table.concat(parts, " ")
  if sampleCount < 3 then
    sampleCount = sampleCount + 1
    samples = samples .. "  HTTP " .. status .. " " .. tostring(body):sub(1, 200):gsub("%s+", " ") .. "\n"
  end
end

function done(summary, latency, requests)
  local t = { registered = 0, existing = 0, subscribed = 0, resubscribed = 0, unparsed = 0, failed = 0 }
  local statusText, sampleText = {}, ""
  for _, thread in ipairs(threads) do
    for name in pairs(t) do t[name] = t[name] + (thread:get(name) or 0) end
    local s = thread:get("statuses")
    if s and s ~= "" then table.insert(statusText, s) end
    sampleText = sampleText .. (thread:get("samples") or "")
  end
  local seconds = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d registered=%d existing=%d subscribed=%d resubscribed=%d unparsed=%d non2xx=%d " ..
    "socket_errors=%d pairs_per_sec=%.1f\n",
    summary.requests, t.registered, t.existing, t.subscribed, t.resubscribed, t.unparsed, t.failed,
    e.connect + e.read + e.write + e.timeout, t.subscribed / seconds))
  if t.failed > 0 then
    io.write("BENCH_NON2XX " .. table.concat(statusText, " ") .. "\n")
    io.write(sampleText)
  end
end
