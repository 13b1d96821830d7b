export {
  createRuntime,
  hasStore,
  splitRuntime,
  withStore,
  withoutStore,
  RUNTIME_OPTION_KEYS,
  type CreateRuntimeOptions,
  type OwnedPart,
  type Runtime,
  type RuntimeOptions,
  type RuntimeFor,
  type RuntimeWithStore,
  type WithRuntime,
} from './runtime.js';
export { teamRuntime } from './team-runtime.js';
