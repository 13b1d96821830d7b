/**
 * The types settings are written in. Each checks a raw value and names the setting in the error,
 * `<NAME> must be <format>, not "<raw>"`, so every malformed setting reads the same wherever it
 * comes from (the environment, a flag) and whichever process reads it.
 */
import { TrawlError } from '../errors.js';
import type { SettingType } from './types.js';

export function invalidSetting(name: string, format: string, raw: string): TrawlError {
  return new TrawlError('INVALID_OPTIONS', `${name} must be ${format}, not ${JSON.stringify(raw)}`);
}

const TRUE = ['true', '1', 'yes', 'on'];
const FALSE = ['false', '0', 'no', 'off'];

export const booleanType: SettingType<boolean> = {
  format: 'true or false',
  parse(raw, name) {
    const value = raw.trim().toLowerCase();
    if (TRUE.includes(value)) return true;
    if (FALSE.includes(value)) return false;
    throw invalidSetting(name, this.format, raw);
  },
};

/** A whole number of at least `min`: counts, milliseconds, megabytes. */
export function wholeNumberType(min: number): SettingType<number> {
  const format = `a whole number of at least ${min}`;
  return {
    format,
    parse(raw, name) {
      const value = Number(raw.trim());
      if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min) throw invalidSetting(name, format, raw);
      return value;
    },
  };
}

/** A number above 0, fractions allowed: hours. */
export const positiveNumberType: SettingType<number> = {
  format: 'a number above 0',
  parse(raw, name) {
    const value = Number(raw.trim());
    if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !(value > 0)) throw invalidSetting(name, this.format, raw);
    return value;
  },
};

export const portType: SettingType<number> = {
  format: 'a port number from 0 to 65535',
  parse(raw, name) {
    const value = Number(raw.trim());
    if (!/^\d+$/.test(raw.trim()) || value > 65_535) throw invalidSetting(name, this.format, raw);
    return value;
  },
};

/** Any text; secrets too (the setting says whether it is one). */
export const textType: SettingType<string> = {
  format: 'text',
  parse: (raw) => raw.trim(),
};

/** An absolute http:// or https:// URL: endpoints, proxies. */
export const httpUrlType: SettingType<string> = {
  format: 'an http:// or https:// URL',
  parse(raw, name) {
    const value = raw.trim();
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw invalidSetting(name, this.format, raw);
    return value;
  },
};

/** One of a few words, compared as written. */
export function oneOfType<const C extends readonly string[]>(choices: C): SettingType<C[number]> {
  const format = `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
  return {
    format,
    choices,
    parse(raw, name) {
      const value = raw.trim().toLowerCase();
      const choice = choices.find((known) => known === value);
      if (choice === undefined) throw invalidSetting(name, format, raw);
      return choice;
    },
  };
}
