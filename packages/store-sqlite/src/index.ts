export { createSqliteStore, DEFAULT_SQLITE_PATH, type SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
export { SCHEMA_VERSION } from './migrations.js';
