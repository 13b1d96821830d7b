/**
 * ioredis sends a command again after a reconnect when the connection broke before its answer
 * came, though Redis may have run it already (`autoResendUnfulfilledCommands`). A script that is
 * not idempotent by itself is wrapped here: the caller appends a fresh request id as the last
 * argument, and a run with an id Redis has seen replays the first run's answer instead of running
 * again. ioredis re-sends within seconds of reconnecting or fails the command, so the answer is
 * kept for a minute.
 */
export const ONCE_TTL_MS = 60_000;

/**
 * How a repeat answers: `reply` replays the first answer as it was (kept JSON-encoded: for
 * small answers only); `job-record` replays the job record as it is now (the answer of the job
 * scripts, which can be large), or nil when the first run answered nil.
 */
export type OnceReplay = 'reply' | 'job-record';

const REPLAYS: Record<OnceReplay, { keep: string; replay: string }> = {
  reply: { keep: 'cjson.encode(reply)', replay: 'return cjson.decode(done)' },
  'job-record': {
    keep: "reply and '1' or '0'",
    replay: "if done == '0' then return false end\nreturn redis.call('HGETALL', ARGV[1] .. ':job:' .. ARGV[2])",
  },
};

/** The script run at most once per request id; ARGV[1] must name the store's prefix or a key under it. */
export function onceByRequestId(body: string, replay: OnceReplay): string {
  const { keep, replay: answerRepeat } = REPLAYS[replay];
  return `
local onceKey = ARGV[1] .. ':once:' .. table.remove(ARGV)
local done = redis.call('GET', onceKey)
if done then
${answerRepeat}
end
local reply = (function()
${body}
end)()
redis.call('SET', onceKey, ${keep}, 'PX', ${ONCE_TTL_MS})
return reply
`;
}
