-- wrk script for bench/search.sh: each request one of these queries in turn, as visitors
-- type them (whole words, prefixes, typos, several words, a ZIP code).
local queries = {
  "velocity", "veloc", "midnigt carnval", "riverfront", "cranston", "the long",
  "marquee", "paper moons", "night", "02903", "imax", "star",
}
local next_query = 0

request = function()
  next_query = next_query % #queries + 1
  local words = queries[next_query]:gsub(" ", "%%20")
  return wrk.format("GET", "/api/v1/search?q=" .. words .. "&limit=8")
end
