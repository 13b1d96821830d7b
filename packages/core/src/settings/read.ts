import { SETTINGS, type SettingName, type SettingValue, type SettingTypeOf } from './table.js';
import type { Env, Setting } from './types.js';

/** Values given on the command line, already parsed by the flag; they win over the environment. */
export type GivenSettings = { [N in SettingName]?: SettingTypeOf<N> };

export type SettingValues<N extends SettingName> = { [K in N]: SettingValue<K> };

/**
 * The values of `names`: a flag's when given, else the environment variable's, else the
 * default. A variable that is unset or blank counts as unset; a malformed one throws a TrawlError
 * (INVALID_OPTIONS) naming it, so a process stops before it does anything.
 */
export function readSettings<const N extends SettingName>(names: readonly N[], env: Env, given: GivenSettings = {}): SettingValues<N> {
  const values = {} as Record<SettingName, unknown>;
  for (const name of names) {
    const setting = SETTINGS[name] as Setting<unknown>;
    const raw = setting.env === undefined ? undefined : env[setting.env];
    if (given[name] !== undefined) values[name] = given[name];
    else if (raw !== undefined && raw.trim() !== '') values[name] = setting.type.parse(raw, setting.env!);
    else values[name] = setting.default;
  }
  return values as SettingValues<N>;
}

/** One setting, read as readSettings reads it. */
export function readSetting<N extends SettingName>(name: N, env: Env, given?: SettingTypeOf<N>): SettingValue<N> {
  return readSettings([name], env, given === undefined ? {} : ({ [name]: given } as GivenSettings))[name];
}

/** How a value of `name` is printed: `***` for secrets, the type's own rendering otherwise. */
export function showSetting<N extends SettingName>(name: N, value: SettingValue<N>): string {
  const setting = SETTINGS[name] as Setting<unknown>;
  if (value === undefined) return setting.defaultText ?? 'none';
  if (setting.secret) return '***';
  return setting.type.show ? setting.type.show(value) : String(value);
}

/** The default as help texts and docs show it. */
export function defaultText(name: SettingName): string {
  const setting = SETTINGS[name] as Setting<unknown>;
  return setting.default === undefined ? (setting.defaultText ?? 'none') : showSetting(name, setting.default as never);
}
