export { createRedisStore, DEFAULT_REDIS_URL, type RedisStore, type RedisStoreOptions } from './redis-store.js';
export { createRedisHostPacer, pacingWindow, type HostPacer } from './host-pacer.js';
