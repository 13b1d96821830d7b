/**
 * ARGV: credits hash, team, amount, holds hash, hold id ('' to keep no record), owner ('' for
 * none), owners hash, the owner's lease end, the hold's settled key. Takes the amount when the
 * balance covers it and, in the same step, keeps the hold by id as [team, amount, owner] and
 * renews its owner. Returns {ok, remaining} with remaining '' for an unlimited team. Once per
 * hold id: ioredis sends a command again after a reconnect when its answer was lost, and a
 * second run of the same reservation (held, settled or reclaimed already) takes nothing more.
 */
export const RESERVE = `
local balance = redis.call('HGET', ARGV[1], ARGV[2])
if not balance then return {1, ''} end
if ARGV[5] ~= '' and (redis.call('HEXISTS', ARGV[4], ARGV[5]) == 1 or redis.call('EXISTS', ARGV[9]) == 1) then
  return {1, balance}
end
if tonumber(balance) < tonumber(ARGV[3]) then return {0, balance} end
local remaining = redis.call('HINCRBYFLOAT', ARGV[1], ARGV[2], -tonumber(ARGV[3]))
if ARGV[6] ~= '' then redis.call('HSET', ARGV[7], ARGV[6], ARGV[8]) end
if ARGV[5] ~= '' then redis.call('HSET', ARGV[4], ARGV[5], cjson.encode({ARGV[2], ARGV[3], ARGV[6]})) end
return {1, remaining}
`;

/**
 * ARGV: credits hash, team, refund, minus the charge, settled key ('' for a hold without an id),
 * its lifetime in ms, holds hash, hold id, usage hash ('' for none), its credits field, and
 * 'held' to refund only a hold the holds hash still keeps (a reservation whose answer was lost:
 * it may never have run). Settles
 * once per settled key: a settle tried again after its answer was lost changes nothing; the
 * charge goes to the usage row in the same step. The key reads 'r' when a sweep reclaimed the hold
 * (gave it back whole): then the charge is taken now, as the work was done after all. A team made
 * unlimited meanwhile stays unlimited.
 */
export const SETTLE = `
local function recordUsage()
  if ARGV[9] ~= '' and tonumber(ARGV[4]) < 0 then redis.call('HINCRBYFLOAT', ARGV[9], ARGV[10], -tonumber(ARGV[4])) end
end
if ARGV[5] ~= '' then
  local marker = redis.call('GET', ARGV[5])
  if marker == '1' then return 0 end
  redis.call('SET', ARGV[5], '1', 'PX', ARGV[6])
  local held = redis.call('HDEL', ARGV[7], ARGV[8])
  if ARGV[11] == 'held' and held == 0 then return 0 end
  if marker == 'r' then
    if tonumber(ARGV[4]) < 0 and redis.call('HEXISTS', ARGV[1], ARGV[2]) == 1 then
      redis.call('HINCRBYFLOAT', ARGV[1], ARGV[2], ARGV[4])
    end
    recordUsage()
    return 1
  end
end
recordUsage()
if tonumber(ARGV[3]) <= 0 or redis.call('HEXISTS', ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBYFLOAT', ARGV[1], ARGV[2], ARGV[3])
return 1
`;

/**
 * ARGV: credits hash, holds hash, owners hash, settled key prefix, now, settled lifetime in ms.
 * Forgets owners whose lease ended and gives back, whole, every kept hold of an owner not alive,
 * marking it reclaimed ('r'). Returns the reclaimed holds flat: id, team, amount, ...
 */
export const RECLAIM = `
local now = tonumber(ARGV[5])
local alive = {}
local owners = redis.call('HGETALL', ARGV[3])
for i = 1, #owners, 2 do
  if tonumber(owners[i + 1]) > now then alive[owners[i]] = true else redis.call('HDEL', ARGV[3], owners[i]) end
end
local reclaimed = {}
local holds = redis.call('HGETALL', ARGV[2])
for i = 1, #holds, 2 do
  local id, hold = holds[i], cjson.decode(holds[i + 1])
  local team, amount, owner = hold[1], hold[2], hold[3]
  if owner ~= '' and not alive[owner] then
    redis.call('HDEL', ARGV[2], id)
    redis.call('SET', ARGV[4] .. id, 'r', 'PX', ARGV[6])
    if redis.call('HEXISTS', ARGV[1], team) == 1 then redis.call('HINCRBYFLOAT', ARGV[1], team, amount) end
    table.insert(reclaimed, id)
    table.insert(reclaimed, team)
    table.insert(reclaimed, amount)
  end
end
return reclaimed
`;

/**
 * ARGV: usage hash, once key ('' for none), its lifetime in ms, then field and amount of credits,
 * input, output and total tokens. Adds the four in one step, once per once key.
 */
export const ADD_USAGE = `
if ARGV[2] ~= '' and not redis.call('SET', ARGV[2], '1', 'NX', 'PX', ARGV[3]) then return 0 end
redis.call('HINCRBYFLOAT', ARGV[1], ARGV[4], ARGV[5])
for i = 6, 10, 2 do redis.call('HINCRBY', ARGV[1], ARGV[i], ARGV[i + 1]) end
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
