/**
 * Lua shared by the frontier scripts. Keys are built from the prefix (ARGV[1]) inside the
 * scripts because lapsed leases and due delays of any job are released by whichever call looks
 * next; a store therefore needs one Redis (or a primary with replicas), not a Redis Cluster.
 *
 * Per job J: seen (SET of keys ever accepted), live (ZSET key -> enqueue seq, items not done),
 * ready (ZSET key -> seq), items (HASH key -> item JSON), attempt (HASH), lease (HASH key -> id
 * of its latest lease), delayed (SET of keys waiting for notBefore), tally (HASH leased, done).
 * Store-wide: heads (ZSET job -> seq of its first ready item), leased (ZSET member -> deadline),
 * delayed (ZSET member -> notBefore), seq and leaseSeq counters. A member names job and key as
 * "<length of job>:<job><key>", which no job id or key can make ambiguous.
 */
export const FRONTIER_LIB = `
local P = ARGV[1]
local function jk(job, part) return P .. ':f:' .. job .. ':' .. part end
local function member(job, key) return string.len(job) .. ':' .. job .. key end
local function split(m)
  local colon = string.find(m, ':', 1, true)
  local len = tonumber(string.sub(m, 1, colon - 1))
  return string.sub(m, colon + 1, colon + len), string.sub(m, colon + len + 1)
end
local function syncHead(job)
  local head = redis.call('ZRANGE', jk(job, 'ready'), 0, 0, 'WITHSCORES')
  if head[1] then redis.call('ZADD', P .. ':f:heads', head[2], job) else redis.call('ZREM', P .. ':f:heads', job) end
end
local function makeReady(job, key)
  local seq = redis.call('ZSCORE', jk(job, 'live'), key)
  if seq then redis.call('ZADD', jk(job, 'ready'), seq, key) end
end
-- Due delays and lapsed leases become ready again, each at its original place.
local function release(now)
  local touched = {}
  local due = redis.call('ZRANGEBYSCORE', P .. ':f:delayed', '-inf', now, 'LIMIT', 0, 1000)
  for _, m in ipairs(due) do
    redis.call('ZREM', P .. ':f:delayed', m)
    local job, key = split(m)
    redis.call('SREM', jk(job, 'delayed'), key)
    makeReady(job, key)
    touched[job] = true
  end
  local lapsed = redis.call('ZRANGEBYSCORE', P .. ':f:leased', '-inf', now, 'LIMIT', 0, 1000)
  for _, m in ipairs(lapsed) do
    redis.call('ZREM', P .. ':f:leased', m)
    local job, key = split(m)
    redis.call('HINCRBY', jk(job, 'tally'), 'leased', -1)
    makeReady(job, key)
    touched[job] = true
  end
  for job in pairs(touched) do syncHead(job) end
end
-- Takes the item out of ready, delayed and leased; true when it was leased.
local function detach(job, key)
  local m = member(job, key)
  local wasLeased = redis.call('ZREM', P .. ':f:leased', m) == 1
  if wasLeased then redis.call('HINCRBY', jk(job, 'tally'), 'leased', -1) end
  if redis.call('SREM', jk(job, 'delayed'), key) == 1 then redis.call('ZREM', P .. ':f:delayed', m) end
  if redis.call('ZREM', jk(job, 'ready'), key) == 1 then syncHead(job) end
  return wasLeased
end
-- The lease still holds its item: not done, and not handed out again since.
-- Forgets the job's frontier, including its places in the store-wide sets.
local function dropFrontier(job)
  for _, key in ipairs(redis.call('HKEYS', jk(job, 'lease'))) do redis.call('ZREM', P .. ':f:leased', member(job, key)) end
  for _, key in ipairs(redis.call('SMEMBERS', jk(job, 'delayed'))) do redis.call('ZREM', P .. ':f:delayed', member(job, key)) end
  redis.call('ZREM', P .. ':f:heads', job)
  for _, part in ipairs({'seen', 'live', 'ready', 'items', 'attempt', 'lease', 'delayed', 'tally'}) do
    redis.call('UNLINK', jk(job, part))
  end
end
-- Makes a provisionally acked item done; 0 when its ack lapsed (it was handed out again).
local function finalizeAck(job, key, leaseId)
  if redis.call('HGET', jk(job, 'lease'), key) ~= 'acked:' .. leaseId then return 0 end
  if redis.call('ZSCORE', jk(job, 'live'), key) == false then return 0 end
  detach(job, key)
  redis.call('ZREM', jk(job, 'live'), key)
  redis.call('HDEL', jk(job, 'items'), key)
  redis.call('HDEL', jk(job, 'attempt'), key)
  redis.call('HDEL', jk(job, 'lease'), key)
  redis.call('HINCRBY', jk(job, 'tally'), 'done', 1)
  return 1
end
local function holds(job, key, leaseId)
  return redis.call('HGET', jk(job, 'lease'), key) == leaseId and redis.call('ZSCORE', jk(job, 'live'), key) ~= false
end
`;
