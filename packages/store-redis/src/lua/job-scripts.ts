/**
 * Job records are hashes of scalar fields (opaque JSON stays a string Lua never parses), so
 * compare-and-set, increments and expiry checks run as single scripts. `P:jobs:expiry` ranks
 * job ids by expiresAt for listExpired; `P:team-running:<team>` ranks a team's jobs in `scraping`
 * by createdAt for listRunning (left when the job ends or is deleted); `P:team-jobs:<team>` ranks
 * all of a team's jobs by createdAt for listByTeam (left when the job is deleted).
 */
const JOB_LIB = `
local P = ARGV[1]
local function jobKey(id) return P .. ':job:' .. id end
local function runningKey(teamId) return P .. ':team-running:' .. teamId end
local function teamJobsKey(teamId) return P .. ':team-jobs:' .. teamId end
-- The record's fields when the job exists and has not expired at 'now', else nil.
local function live(id, now)
  local key = jobKey(id)
  local expiresAt = redis.call('HGET', key, 'expiresAt')
  if not expiresAt or tonumber(expiresAt) <= tonumber(now) then return nil end
  return key
end
`;

/** ARGV: prefix, id, expiresAt, then field/value pairs. Returns the fields, or nil when the id is taken. */
export const CREATE_JOB = `${JOB_LIB}
local key = jobKey(ARGV[2])
if redis.call('EXISTS', key) == 1 then return false end
local fields = {}
for i = 4, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', key, unpack(fields))
redis.call('ZADD', P .. ':jobs:expiry', ARGV[3], ARGV[2])
redis.call('ZADD', runningKey(redis.call('HGET', key, 'teamId')), redis.call('HGET', key, 'createdAt'), ARGV[2])
redis.call('ZADD', teamJobsKey(redis.call('HGET', key, 'teamId')), redis.call('HGET', key, 'createdAt'), ARGV[2])
return redis.call('HGETALL', key)
`;

/**
 * ARGV: prefix, id, now, to, count of expected statuses, the statuses, then patch field/value
 * pairs. Returns the updated fields, or nil when the status did not match or the job is gone.
 */
export const SET_STATUS = `${JOB_LIB}
local id, now = ARGV[2], ARGV[3]
local key = live(id, now)
if not key then return false end
local count = tonumber(ARGV[5])
local status = redis.call('HGET', key, 'status')
local matches = false
for i = 6, 5 + count do if ARGV[i] == status then matches = true end end
if not matches then return false end
redis.call('HSET', key, 'status', ARGV[4], 'updatedAt', now)
for i = 6 + count, #ARGV, 2 do
  redis.call('HSET', key, ARGV[i], ARGV[i + 1])
  if ARGV[i] == 'expiresAt' then redis.call('ZADD', P .. ':jobs:expiry', ARGV[i + 1], id) end
end
if ARGV[4] ~= 'scraping' then redis.call('ZREM', runningKey(redis.call('HGET', key, 'teamId')), id) end
return redis.call('HGETALL', key)
`;

/**
 * ARGV: prefix, id, now, number of counters C, then counter/amount pairs, then the keys of the
 * recorded pages this increment counts, marked `counted` in the job's recorded hash in the same
 * step (see PendingAcks). An increment whose pages are all counted already is a repeat (ioredis
 * resends a command whose answer a dropped connection lost; an earlier holder of a lapsed lease
 * counted the page) and changes nothing. Returns the updated fields, or nil.
 */
export const INCREMENT_JOB = `${JOB_LIB}
local key = live(ARGV[2], ARGV[3])
if not key then return false end
local last = 4 + tonumber(ARGV[4]) * 2
local recorded = P .. ':f:' .. ARGV[2] .. ':recorded'
if #ARGV > last then
  local repeated = true
  for i = last + 1, #ARGV do
    if redis.call('HGET', recorded, ARGV[i]) ~= 'counted' then repeated = false end
  end
  if repeated then return redis.call('HGETALL', key) end
end
for i = 5, last, 2 do redis.call('HINCRBY', key, ARGV[i], ARGV[i + 1]) end
for i = last + 1, #ARGV do redis.call('HSET', recorded, ARGV[i], 'counted') end
redis.call('HSET', key, 'updatedAt', ARGV[3])
return redis.call('HGETALL', key)
`;

/** ARGV: prefix, id, now, output JSON ('' to clear). Returns the updated fields, or nil. */
export const SAVE_OUTPUT = `${JOB_LIB}
local key = live(ARGV[2], ARGV[3])
if not key then return false end
if ARGV[4] == '' then redis.call('HDEL', key, 'output') else redis.call('HSET', key, 'output', ARGV[4]) end
redis.call('HSET', key, 'updatedAt', ARGV[3])
return redis.call('HGETALL', key)
`;

/**
 * ARGV: prefix, id. Deletes the record, its result log and the frontier's own keys (its BullMQ
 * queue is obliterated before); returns 1 when a record existed.
 */
export const DELETE_JOB = `${JOB_LIB}
local id = ARGV[2]
local teamId = redis.call('HGET', jobKey(id), 'teamId')
if teamId then
  redis.call('ZREM', runningKey(teamId), id)
  redis.call('ZREM', teamJobsKey(teamId), id)
end
local existed = redis.call('UNLINK', jobKey(id))
redis.call('ZREM', P .. ':jobs:expiry', id)
local results = P .. ':r:' .. id
for _, part in ipairs({'entries', 'bytes', 'count', 'kind:document', 'kind:error', 'kind:robots_blocked'}) do
  redis.call('UNLINK', results .. ':' .. part)
end
for _, part in ipairs({'seen', 'places', 'adding', 'recorded'}) do redis.call('UNLINK', P .. ':f:' .. id .. ':' .. part) end
redis.call('ZREM', P .. ':f:live', id)
redis.call('ZREM', P .. ':f:adding', id)
redis.call('HDEL', P .. ':f:ready', id)
return existed
`;
