export { createRedisStore, DEFAULT_REDIS_URL, DEFAULT_STALLED_CHECK_MS, type RedisStore, type RedisStoreOptions } from './redis-store.js';
export { createRedisHostPacer, pacingWindow, type HostPacer } from './host-pacer.js';
