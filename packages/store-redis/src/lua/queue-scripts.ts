/**
 * The frontier's own keys beside its BullMQ queues (see docs/operations.md). Per job J:
 * `P:f:J:seen` (SET of keys ever accepted: dedupe), `P:f:J:places` (the count of keys holding a
 * place under the job's limit: those accepted with a limit, less freed places), `P:f:J:adding` (HASH
 * key -> item JSON, accepted but not yet confirmed added to BullMQ), `P:f:J:recorded` (HASH key ->
 * `appended` once the page's result is in the log, `counted` once the job's counters include it;
 * written by the result and job scripts). Store-wide: `P:f:live` (ZSET job -> first enqueue, jobs
 * with pages not done), `P:f:adding` (ZSET job -> last accept, jobs with unconfirmed adds) and
 * `P:f:ready` (HASH job -> a counter bumped whenever the job may have new ready pages).
 */
const QUEUE_LIB = `
local P = ARGV[1]
local function jk(job, part) return P .. ':f:' .. job .. ':' .. part end
`;

/**
 * ARGV: prefix, job, limit ('' for none), now, then key and item JSON per entry. Accepts each key
 * the job never accepted, while fewer than `limit` keys hold a place (each key accepted with a
 * limit takes one), and notes it as being added. Returns accepted indexes. The check and the
 * accept are this one script, so workers enqueueing a job's links at once never pass the limit.
 */
export const ACCEPT = `${QUEUE_LIB}
local job = ARGV[2]
local limit = tonumber(ARGV[3])
local seen = jk(job, 'seen')
local placesKey = jk(job, 'places')
-- A job enqueued before places were kept counts every key it saw: stricter, never looser.
local places = tonumber(redis.call('GET', placesKey) or redis.call('SCARD', seen))
local accepted = {}
for i = 5, #ARGV, 2 do
  local key = ARGV[i]
  if redis.call('SISMEMBER', seen, key) == 0 then
    if limit and places >= limit then break end
    redis.call('SADD', seen, key)
    redis.call('HSET', jk(job, 'adding'), key, ARGV[i + 1])
    if limit then places = places + 1 end
    accepted[#accepted + 1] = (i - 5) / 2
  end
end
redis.call('SET', placesKey, places)
if #accepted > 0 then
  redis.call('ZADD', P .. ':f:adding', ARGV[4], job)
  redis.call('ZADD', P .. ':f:live', 'NX', ARGV[4], job)
end
return accepted
`;

/** ARGV: prefix, job. Gives back one place under the job's limit (never below 0). */
export const FREE_PLACE = `${QUEUE_LIB}
local placesKey = jk(ARGV[2], 'places')
if tonumber(redis.call('GET', placesKey) or '0') > 0 then redis.call('DECR', placesKey) end
return 1
`;

/** ARGV: prefix, job, then the keys now in BullMQ. Clears their adding marks and tells leasers to look. */
export const ADDED = `${QUEUE_LIB}
local job = ARGV[2]
local adding = jk(job, 'adding')
for i = 3, #ARGV do redis.call('HDEL', adding, ARGV[i]) end
if redis.call('EXISTS', adding) == 0 then redis.call('ZREM', P .. ':f:adding', job) end
redis.call('HINCRBY', P .. ':f:ready', job, 1)
return 1
`;

/**
 * ARGV: prefix, now, staleBefore, liveLimit. Claims up to five jobs whose adds have gone
 * unconfirmed since staleBefore (their enqueuer died between accepting and adding), and lists the
 * oldest `liveLimit` live jobs with their ready counters. Returns {{job, {key, json, ...}}, ...},
 * live jobs, counters.
 */
export const LEASE_PREP = `${QUEUE_LIB}
local repairs = {}
for _, job in ipairs(redis.call('ZRANGEBYSCORE', P .. ':f:adding', '-inf', ARGV[3], 'LIMIT', 0, 5)) do
  local fields = redis.call('HGETALL', jk(job, 'adding'))
  if #fields == 0 then
    redis.call('ZREM', P .. ':f:adding', job)
  else
    -- Claimed for this caller: others look again only after another stale period.
    redis.call('ZADD', P .. ':f:adding', ARGV[2], job)
    repairs[#repairs + 1] = {job, fields}
  end
end
local live, counters = {}, {}
local n = tonumber(ARGV[4])
if n > 0 then
  live = redis.call('ZRANGE', P .. ':f:live', 0, n - 1)
  for i, job in ipairs(live) do counters[i] = redis.call('HGET', P .. ':f:ready', job) or '' end
end
return {repairs, live, counters}
`;

/**
 * ARGV: prefix, job, count of the job's BullMQ jobs completed. Drops the job from the live set
 * when every key it accepted is done; an accept after this adds it back. Returns 1 when dropped.
 */
export const RETIRE = `${QUEUE_LIB}
local job = ARGV[2]
if redis.call('SCARD', jk(job, 'seen')) ~= tonumber(ARGV[3]) or redis.call('EXISTS', jk(job, 'adding')) == 1 then return 0 end
redis.call('ZREM', P .. ':f:live', job)
return 1
`;
