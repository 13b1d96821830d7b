import { parseTypedUrl } from '@trawl/core';

/** A `<url>` argument, read as the API reads it: `example.com/a` means `http://example.com/a`. */
export function urlArgument(value: string): string {
  return parseTypedUrl(value).href;
}
