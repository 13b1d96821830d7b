import { type Command, InvalidArgumentError, Option } from 'commander';
import { defaultText, SETTINGS, type GivenSettings, type Setting, type SettingName, type SettingTypeOf } from '@trawl/core/settings';

/**
 * A flag from the settings table: its syntax, its help (the variable it stands for and the
 * default), and the table's parser, so a malformed value is a usage error naming the flag.
 */
export function settingOption(name: SettingName, description?: string): Option {
  const setting = SETTINGS[name] as Setting<unknown>;
  if (!setting.flag) throw new Error(`The setting ${name} has no flag`);
  const where = [setting.env ? `env ${setting.env}` : undefined, `default ${defaultText(name)}`].filter(Boolean).join(', ');
  const option = new Option(setting.flag, `${description ?? setting.description} (${where})`);
  if (setting.type.choices) option.choices(setting.type.choices);
  else if (option.required) option.argParser(settingParser(name, option.long ?? option.flags));
  // A flag-only setting takes its default here; the others leave it to readSettings, after the environment.
  if (!setting.env && setting.default !== undefined) option.default(setting.default);
  return option;
}

/** The table's parser of `name` for a flag of a command's own: a malformed value is a usage error naming `flag`. */
export function settingParser<N extends SettingName>(name: N, flag: string): (raw: string) => SettingTypeOf<N> {
  const setting = SETTINGS[name] as Setting<unknown>;
  return (raw) => {
    try {
      return setting.type.parse(raw, flag) as SettingTypeOf<N>;
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
    }
  };
}

/** The settings among `names` whose flags were typed (not defaults), as readSettings takes them. */
export function givenSettings(command: Command, names: readonly SettingName[]): GivenSettings {
  const given: Record<string, unknown> = {};
  for (const name of names) {
    if (command.getOptionValueSource(name) === 'cli') given[name] = command.getOptionValue(name);
  }
  return given as GivenSettings;
}

/** The settings of `names` that have a flag, in table order. */
export function flaggedSettings(names: readonly SettingName[]): SettingName[] {
  return names.filter((name) => SETTINGS[name].flag !== undefined);
}
