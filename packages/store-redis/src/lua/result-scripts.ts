/**
 * A job's result log: entries (HASH position -> JSON), bytes (HASH position -> size), one HASH
 * per kind mapping the position within the kind to the position in the log, and count (HASH
 * 'all' and each kind -> entries so far). Appends and page reads are single scripts.
 */

const RESULT_LIB = `
local base = ARGV[1] .. ':r:' .. ARGV[2]
`;

/**
 * ARGV: prefix, job, number of acked pages A, then key and entry index (0-based) per acked page,
 * then kind, bytes and JSON per entry. An acked page's key is marked `appended` in the job's
 * recorded hash in the same step as its entry is appended; an entry whose page is marked already
 * (an earlier holder of a lapsed lease recorded it) is dropped, so a page is recorded once.
 * Returns the log's length.
 */
export const APPEND = `${RESULT_LIB}
local acks = tonumber(ARGV[3])
local first = 4 + acks * 2
local recorded = ARGV[1] .. ':f:' .. ARGV[2] .. ':recorded'
local skipped = {}
for i = 4, first - 1, 2 do
  if redis.call('HSETNX', recorded, ARGV[i], 'appended') == 0 then skipped[first + tonumber(ARGV[i + 1]) * 3] = true end
end
local n = tonumber(redis.call('HGET', base .. ':count', 'all') or '0')
for i = first, #ARGV, 3 do
  if not skipped[i] then
    local kindPosition = redis.call('HINCRBY', base .. ':count', ARGV[i], 1) - 1
    redis.call('HSET', base .. ':kind:' .. ARGV[i], kindPosition, n)
    redis.call('HSET', base .. ':bytes', n, ARGV[i + 1])
    redis.call('HSET', base .. ':entries', n, ARGV[i + 2])
    n = n + 1
  end
end
redis.call('HSET', base .. ':count', 'all', n)
return n
`;

/**
 * ARGV: prefix, job, offset, maxCount, maxBytes, kind ('' for all). Returns 1 or 0 (whether
 * entries follow the page), then the page's entries as JSON.
 */
export const READ = `${RESULT_LIB}
local offset, maxCount, maxBytes, kind = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6]
local total = tonumber(redis.call('HGET', base .. ':count', kind == '' and 'all' or kind) or '0')
local page = {0}
local bytes = 0
local i = offset
while i < total and #page - 1 < maxCount do
  local position = i
  if kind ~= '' then position = redis.call('HGET', base .. ':kind:' .. kind, i) end
  local size = tonumber(redis.call('HGET', base .. ':bytes', position))
  -- The first entry always goes in, so a reader makes progress past an oversized one.
  if #page > 1 and bytes + size > maxBytes then break end
  page[#page + 1] = redis.call('HGET', base .. ':entries', position)
  bytes = bytes + size
  i = i + 1
end
if i < total then page[1] = 1 end
return page
`;
