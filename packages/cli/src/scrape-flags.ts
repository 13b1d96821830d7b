import { type Command, Option } from 'commander';
import type { EngineChoice, Format } from '@trawl/core';
import { settingOption } from './setting-flags.js';

const PRINTABLE_FORMATS = ['markdown', 'html', 'rawHtml', 'links', 'json'] as const;

/** Where `--screenshot` saves the image when it names no file. */
export const DEFAULT_SCREENSHOT_FILE = 'screenshot.png';

/** The flags of `scrape` and `convert` as commander hands them over; scrape-options.ts turns them into scrape options. */
export interface ScrapeFlags {
  format: Format;
  mainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  header?: string[];
  timeout?: number;
  removeBase64Images?: boolean;
  skipTlsVerification?: boolean;
  json?: boolean;
  /** Browser flags (`scrape` only): a file name, or true to use the default one. */
  screenshot?: string | boolean;
  fullPageScreenshot?: string | boolean;
  mobile?: boolean;
  waitFor?: number;
  /** `--actions` as typed: a JSON array, checked when the command runs. */
  actions?: string;
  engine?: EngineChoice;
  /** `scrape` only: print a page that stays a block page (marked in `--json`) instead of failing without it. */
  keepBlockPage?: boolean;
  /** Print the main-content steps that ran and what each changed (to stderr; in the Document with --json). */
  explain?: boolean;
}

/** Flags shared by `scrape` and `convert`. */
export function addScrapeFlags(command: Command): Command {
  return command
    .addOption(new Option('-f, --format <format>', 'what to print').choices(PRINTABLE_FORMATS).default('markdown'))
    .option('--no-main-content', 'keep headers, navs, footers and sidebars')
    .option('--include-tags <selectors...>', 'keep only elements matching these CSS selectors')
    .option('--exclude-tags <selectors...>', 'drop elements matching these CSS selectors')
    .option('--remove-base64-images', 'replace inline base64 images with a placeholder')
    .option('--json', 'print the whole Document as JSON')
    .option(
      '--explain',
      'print the main-content steps that ran and what each removed or kept, as a table on stderr (in the JSON with --json)',
    );
}

/** `--engine`, the same on every command that loads pages (from the settings table). */
export function engineOption(): Option {
  return settingOption('engine');
}
