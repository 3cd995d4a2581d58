-- wrk script for api/bench/ratios.sh: cart commands.
--   wrk ... -s carts.lua URL -- create            POST /api/carts
--   wrk ... -s carts.lua URL -- package IDS_FILE  PUT /api/carts/{id}/package, round robin over
--                                                 the carts in IDS_FILE (one id a line), each
--                                                 wrk thread on its own share, so no two
--                                                 requests in flight change one cart.
local threads = {}
local thread_count = 0

function setup(thread)
  thread:set("share", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
end

local mode, ids, i = "create", {}, 0
local plans = {"singleUser", "multiUser", "payAsYouGo"}
local quantities = {1, 4, 1}

function init(args)
  mode = args[1] or "create"
  if mode == "package" then
    local all = {}
    for line in io.lines(args[2]) do table.insert(all, line) end
    -- Threads take alternate ids: thread k gets ids k+1, k+1+n, ...
    local n = 2
    for j = share + 1, #all, n do table.insert(ids, all[j]) end
  end
end

function request()
  i = i + 1
  if mode == "create" then
    return wrk.format("POST", "/api/carts", {["Content-Type"] = "application/json"}, "")
  end
  local k = (i % #plans) + 1
  local body = '{"plan":"' .. plans[k] .. '","billingCycle":"monthly","quantity":' .. quantities[k] .. '}'
  return wrk.format("PUT", "/api/carts/" .. ids[(i % #ids) + 1] .. "/package",
                    {["Content-Type"] = "application/json"}, body)
end
