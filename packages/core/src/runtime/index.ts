export {
  createRuntime,
  splitRuntime,
  withStore,
  withoutStore,
  RUNTIME_OPTION_KEYS,
  type CreateRuntimeOptions,
  type OwnedPart,
  type Runtime,
  type RuntimeOptions,
  type RuntimeWithStore,
  type WithRuntime,
} from './runtime.js';
