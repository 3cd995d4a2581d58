-- wrk script: searches by area code and type, first pages, as the number pages ask.
local codes = {"020", "0161", "0121", "0131", "0141", "0151", "0113", "0114", "0117", "0118",
               "0116", "0115", "029", "01202", "01204", "01206", "01223", "01225", "01244", "01253"}
local types = {"geographic", "geographic", "geographic", "freephone"}
local i = 0
request = function()
  i = i + 1
  local code = codes[(i % #codes) + 1]
  local kind = types[(i % #types) + 1]
  local page = (i % 5) + 1
  local path = "/api/available_numbers/?country_code=GB&per_page=50&page=" .. page ..
               "&areaCode=" .. code .. "&numberType=" .. kind
  return wrk.format("GET", path)
end
