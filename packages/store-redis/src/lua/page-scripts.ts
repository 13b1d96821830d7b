/**
 * ARGV: snapshots hash, ages sorted set, key, scrapedAt, snapshot JSON, keep. Swaps in the
 * snapshot, then drops the team's least recently scraped ones past `keep`. Returns the replaced
 * snapshot's JSON, or false.
 */
export const REMEMBER_PAGE = `
local hash, ages, key, keep = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[6])
local previous = redis.call('HGET', hash, key)
redis.call('HSET', hash, key, ARGV[5])
redis.call('ZADD', ages, tonumber(ARGV[4]), key)
local excess = redis.call('ZCARD', ages) - keep
if excess > 0 then
  local victims = redis.call('ZRANGE', ages, 0, excess - 1)
  redis.call('HDEL', hash, unpack(victims))
  redis.call('ZREM', ages, unpack(victims))
end
return previous
`;
