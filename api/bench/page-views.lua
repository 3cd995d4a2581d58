-- wrk script: page views as the web app's beacon sends them, at a set rate per connection.
-- Arguments (after --): the pause between one connection's requests, in milliseconds.
local paths = {"/", "/plans-and-pricing", "/add-ons", "/checkout", "/thank-you", "/hardware",
               "/all-phone-numbers", "/free-trial-numbers", "/business-features", "/blog"}
local referrers = {"", "https://www.google.co.uk/", "https://www.bing.com/search", "https://uk.linkedin.com/"}
local pause = 10
local i = 0

init = function(args)
  pause = tonumber(args[1]) or pause
  -- A different sequence in each thread.
  i = math.random(1, 100000)
end

request = function()
  i = i + 1
  local body = string.format(
    '{"path":"%s","referrer":"%s","viewport":"large","utmSource":"bench","utmMedium":"wrk"}',
    paths[(i % #paths) + 1], referrers[(i % #referrers) + 1])
  local headers = {}
  headers["Content-Type"] = "application/json"
  -- Many browsers: each user agent is another visitor of the day.
  headers["User-Agent"] = "Mozilla/5.0 (bench " .. (i % 700) .. ")"
  return wrk.format("POST", "/api/page-views", headers, body)
end

delay = function()
  return pause
end
