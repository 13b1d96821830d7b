import { FRONTIER_LIB } from './frontier-lib.js';

/** ARGV: prefix, job, limit ('' for none), then key and item JSON per entry. Returns accepted indexes (0-based). */
export const ENQUEUE = `${FRONTIER_LIB}
local job = ARGV[2]
local limit = tonumber(ARGV[3])
local seen = jk(job, 'seen')
local count = redis.call('SCARD', seen)
local accepted = {}
for i = 4, #ARGV, 2 do
  local key = ARGV[i]
  if redis.call('SISMEMBER', seen, key) == 0 then
    if limit and count >= limit then break end
    redis.call('SADD', seen, key)
    count = count + 1
    local seq = redis.call('INCR', P .. ':f:seq')
    redis.call('ZADD', jk(job, 'live'), seq, key)
    redis.call('ZADD', jk(job, 'ready'), seq, key)
    redis.call('HSET', jk(job, 'items'), key, ARGV[i + 1])
    accepted[#accepted + 1] = (i - 4) / 2
  end
end
if #accepted > 0 then syncHead(job) end
return accepted
`;

/** ARGV: prefix, now, max, leaseMs, job ('' for any). Returns job, key, item JSON, attempt, lease id per lease. */
export const LEASE = `${FRONTIER_LIB}
local now = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local deadline = now + tonumber(ARGV[4])
release(now)
local out = {}
local function take(job, n)
  local ready = jk(job, 'ready')
  local keys = redis.call('ZRANGE', ready, 0, n - 1)
  for _, key in ipairs(keys) do
    redis.call('ZREM', ready, key)
    local leaseId = 'L' .. redis.call('INCR', P .. ':f:leaseSeq')
    redis.call('HSET', jk(job, 'lease'), key, leaseId)
    local attempt = redis.call('HINCRBY', jk(job, 'attempt'), key, 1)
    redis.call('ZADD', P .. ':f:leased', deadline, member(job, key))
    out[#out + 1] = job
    out[#out + 1] = key
    out[#out + 1] = redis.call('HGET', jk(job, 'items'), key)
    out[#out + 1] = attempt
    out[#out + 1] = leaseId
  end
  if #keys > 0 then redis.call('HINCRBY', jk(job, 'tally'), 'leased', #keys) end
  syncHead(job)
  return #keys
end
if ARGV[5] ~= '' then
  take(ARGV[5], max)
else
  local taken = 0
  while taken < max do
    local head = redis.call('ZRANGE', P .. ':f:heads', 0, 0)
    if not head[1] then break end
    taken = taken + take(head[1], max - taken)
  end
end
return {deadline, out}
`;

/**
 * ARGV: prefix, job, key, lease id, now, graceMs. The ack is provisional: the item is held as
 * leased (by a marker no lease id matches) until `finalizeAcks` or an append carrying the ack
 * makes it done, or until its lease's deadline (and at least now + graceMs) passes, when it is
 * handed out again because the process that acked it died before recording the page. Returns 1
 * when this call acked the item.
 */
export const ACK = `${FRONTIER_LIB}
local job, key = ARGV[2], ARGV[3]
if not holds(job, key, ARGV[4]) then return 0 end
local deadline = math.max(tonumber(redis.call('ZSCORE', P .. ':f:leased', member(job, key)) or 0), tonumber(ARGV[5]) + tonumber(ARGV[6]))
detach(job, key)
redis.call('HSET', jk(job, 'lease'), key, 'acked:' .. ARGV[4])
redis.call('ZADD', P .. ':f:leased', deadline, member(job, key))
redis.call('HINCRBY', jk(job, 'tally'), 'leased', 1)
return 1
`;

/** ARGV: prefix, job, then key and lease id per provisional ack. Returns 1 or 0 per ack: made done or not. */
export const FINALIZE_ACKS = `${FRONTIER_LIB}
local job = ARGV[2]
local out = {}
for i = 3, #ARGV, 2 do out[#out + 1] = finalizeAck(job, ARGV[i], ARGV[i + 1]) end
return out
`;

/** ARGV: prefix, job, key, lease id, now, notBefore. Returns 1 when the item went back to the queue. */
export const RETRY = `${FRONTIER_LIB}
local job, key = ARGV[2], ARGV[3]
if not holds(job, key, ARGV[4]) then return 0 end
detach(job, key)
redis.call('HDEL', jk(job, 'lease'), key)
local notBefore = tonumber(ARGV[6])
if notBefore > tonumber(ARGV[5]) then
  redis.call('SADD', jk(job, 'delayed'), key)
  redis.call('ZADD', P .. ':f:delayed', notBefore, member(job, key))
else
  makeReady(job, key)
  syncHead(job)
end
return 1
`;

/** ARGV: prefix, job, now. Returns seen, leased, done. */
export const STATS = `${FRONTIER_LIB}
local job = ARGV[2]
release(tonumber(ARGV[3]))
local tally = redis.call('HMGET', jk(job, 'tally'), 'leased', 'done')
return {redis.call('SCARD', jk(job, 'seen')), tonumber(tally[1]) or 0, tonumber(tally[2]) or 0}
`;

