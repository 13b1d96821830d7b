/**
 * ARGV: credits hash, team, amount. Takes the amount when the balance covers it.
 * Returns {ok, remaining} with remaining '' for an unlimited team.
 */
export const RESERVE = `
local balance = redis.call('HGET', ARGV[1], ARGV[2])
if not balance then return {1, ''} end
if tonumber(balance) < tonumber(ARGV[3]) then return {0, balance} end
return {1, redis.call('HINCRBYFLOAT', ARGV[1], ARGV[2], -tonumber(ARGV[3]))}
`;

/**
 * ARGV: credits hash, team, refund, settled key ('' for a hold without an id), its lifetime in ms.
 * Gives credits back unless the team was made unlimited meanwhile, once per settled key: a settle
 * tried again after its answer was lost gives nothing more.
 */
export const REFUND = `
if ARGV[4] ~= '' and not redis.call('SET', ARGV[4], '1', 'NX', 'PX', ARGV[5]) then return 0 end
if redis.call('HEXISTS', ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBYFLOAT', ARGV[1], ARGV[2], ARGV[3])
return 1
`;

/**
 * ARGV: window key, now, limit, windowMs. A fixed window starts at the first hit after the
 * previous one ended; refused hits do not count. Returns {allowed, remaining, retryAfterMs}.
 */
export const HIT = `
local key, now, limit, windowMs = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local window = redis.call('HMGET', key, 'end', 'count')
local windowEnd, count = tonumber(window[1]), tonumber(window[2])
if not windowEnd or windowEnd <= now then
  windowEnd, count = now + windowMs, 0
  redis.call('HSET', key, 'end', windowEnd, 'count', 0)
  -- Only tidiness: the window is judged by the store's clock, the expiry by Redis's.
  redis.call('PEXPIRE', key, windowMs + 60000)
end
if count >= limit then
  if limit == 0 then return {0, 0, windowMs} end
  return {0, 0, windowEnd - now}
end
redis.call('HINCRBY', key, 'count', 1)
return {1, limit - count - 1, 0}
`;
