/**
 * Monitors: a hash per monitor (teamId, createdAt, updatedAt, next ('' = paused), spec, state,
 * token, deadline), a sorted set per team by createdAt, and one sorted set of due times. Check
 * expiries: one sorted set whose members are cjson `[monitorId, checkId]`. The outbox: a hash
 * (event id → JSON) and a sorted set of the ids by createdAt.
 */

/** Lua: adds the (id, createdAt, json) triples from ARGV[first] to the outbox hash ARGV[hash] and order set ARGV[order], once per id. */
const ADD_EVENTS = (hash: number, order: number, first: number) => `
for i = ${first}, #ARGV, 3 do
  if redis.call('HSETNX', ARGV[${hash}], ARGV[i], ARGV[i + 2]) == 1 then redis.call('ZADD', ARGV[${order}], tonumber(ARGV[i + 1]), ARGV[i]) end
end
`;

/** ARGV: monitor key, team set, due set, id, teamId, createdAt, next ('' = paused), spec. Returns 1 when created. */
export const CREATE_MONITOR = `
if redis.call('EXISTS', ARGV[1]) == 1 then return 0 end
redis.call('HSET', ARGV[1], 'id', ARGV[4], 'teamId', ARGV[5], 'createdAt', ARGV[6], 'updatedAt', ARGV[6], 'next', ARGV[7], 'spec', ARGV[8], 'deadline', 0)
redis.call('ZADD', ARGV[2], tonumber(ARGV[6]), ARGV[4])
if ARGV[7] ~= '' then redis.call('ZADD', ARGV[3], tonumber(ARGV[7]), ARGV[4]) end
return 1
`;

/**
 * ARGV: monitor key, due set, id, now, spec or '', state or '', sets next ('1'/'0'), next,
 * outbox hash, outbox order set, then (event id, createdAt, json) triples.
 * Returns the monitor's fields, or false when it is missing.
 */
export const UPDATE_MONITOR = `
if redis.call('EXISTS', ARGV[1]) == 0 then return false end
if ARGV[5] ~= '' then redis.call('HSET', ARGV[1], 'spec', ARGV[5]) end
if ARGV[6] ~= '' then redis.call('HSET', ARGV[1], 'state', ARGV[6]) end
if ARGV[7] == '1' then
  redis.call('HSET', ARGV[1], 'next', ARGV[8])
  if ARGV[8] == '' then redis.call('ZREM', ARGV[2], ARGV[3]) else redis.call('ZADD', ARGV[2], tonumber(ARGV[8]), ARGV[3]) end
end
redis.call('HSET', ARGV[1], 'updatedAt', ARGV[4])
${ADD_EVENTS(9, 10, 11)}
return redis.call('HGETALL', ARGV[1])
`;

/** ARGV: monitor key, due set, checks hash, check order set, id, team-set prefix, expiry set. Returns 1 when it existed. */
export const DELETE_MONITOR = `
local team = redis.call('HGET', ARGV[1], 'teamId')
if not team then return 0 end
for _, check in ipairs(redis.call('ZRANGE', ARGV[4], 0, -1)) do redis.call('ZREM', ARGV[7], cjson.encode({ARGV[5], check})) end
redis.call('DEL', ARGV[1], ARGV[3], ARGV[4])
redis.call('ZREM', ARGV[2], ARGV[5])
redis.call('ZREM', ARGV[6] .. team, ARGV[5])
return 1
`;

/**
 * ARGV: due set, monitor-key prefix, now, leaseMs, then one fresh token per claim wanted.
 * Claims due monitors no live claim holds, earliest first. Returns {id, token, deadline, fields}…
 */
export const CLAIM_MONITORS = `
local due, prefix, now, lease = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local want = #ARGV - 4
local claims = {}
local ids = redis.call('ZRANGEBYSCORE', due, '-inf', now, 'LIMIT', 0, want + 1000)
for _, id in ipairs(ids) do
  if #claims >= want then break end
  local key = prefix .. id
  local deadline = tonumber(redis.call('HGET', key, 'deadline') or '0')
  if deadline <= now then
    local token = ARGV[5 + #claims]
    redis.call('HSET', key, 'token', token, 'deadline', now + lease)
    table.insert(claims, {id, token, now + lease, redis.call('HGETALL', key)})
  end
end
return claims
`;

/**
 * ARGV: monitor key, due set, id, token, dueAt, next ('' = paused), state or '', now, outbox
 * hash, outbox order set, then (event id, createdAt, json) triples. Ends the claim and adds the
 * events when it is still the current one and the due time unchanged. Returns 1 when it did.
 */
export const FINISH_MONITOR_RUN = `
local fields = redis.call('HMGET', ARGV[1], 'token', 'next')
if fields[1] ~= ARGV[4] or fields[2] ~= ARGV[5] then return 0 end
redis.call('HSET', ARGV[1], 'next', ARGV[6], 'token', '', 'deadline', 0, 'updatedAt', ARGV[8])
if ARGV[7] ~= '' then redis.call('HSET', ARGV[1], 'state', ARGV[7]) end
if ARGV[6] == '' then redis.call('ZREM', ARGV[2], ARGV[3]) else redis.call('ZADD', ARGV[2], tonumber(ARGV[6]), ARGV[3]) end
${ADD_EVENTS(9, 10, 11)}
return 1
`;

/**
 * ARGV: monitor key, checks hash, order set, check id, createdAt, body, keep, cutoff or '',
 * expiry set, expiry or '', monitor id. Stores the check when the monitor exists, then keeps
 * the newest `keep` and drops those created before the cutoff.
 */
export const SAVE_MONITOR_CHECK = `
if redis.call('EXISTS', ARGV[1]) == 0 then return 0 end
local function drop(victims)
  if #victims == 0 then return end
  redis.call('HDEL', ARGV[2], unpack(victims))
  redis.call('ZREM', ARGV[3], unpack(victims))
  for _, victim in ipairs(victims) do redis.call('ZREM', ARGV[9], cjson.encode({ARGV[11], victim})) end
end
redis.call('HSET', ARGV[2], ARGV[4], ARGV[6])
redis.call('ZADD', ARGV[3], tonumber(ARGV[5]), ARGV[4])
local member = cjson.encode({ARGV[11], ARGV[4]})
if ARGV[10] == '' then redis.call('ZREM', ARGV[9], member) else redis.call('ZADD', ARGV[9], tonumber(ARGV[10]), member) end
local excess = redis.call('ZCARD', ARGV[3]) - tonumber(ARGV[7])
if excess > 0 then drop(redis.call('ZRANGE', ARGV[3], 0, excess - 1)) end
if ARGV[8] ~= '' then drop(redis.call('ZRANGEBYSCORE', ARGV[3], '-inf', '(' .. ARGV[8])) end
return 1
`;

/**
 * ARGV: expiry set, now, limit, checks-hash prefix, order-set prefix. Deletes up to `limit`
 * checks whose expiry has come; returns how many.
 */
export const SWEEP_MONITOR_CHECKS = `
local members = redis.call('ZRANGEBYSCORE', ARGV[1], '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[3]))
local swept = 0
for _, member in ipairs(members) do
  local ids = cjson.decode(member)
  swept = swept + redis.call('HDEL', ARGV[4] .. ids[1], ids[2])
  redis.call('ZREM', ARGV[5] .. ids[1], ids[2])
  redis.call('ZREM', ARGV[1], member)
end
return swept
`;
