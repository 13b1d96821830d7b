import { parseTypedUrl } from '@trawl/core';

/**
 * A `<url>` argument, read as the API reads it: `example.com/a` means `http://example.com/a`.
 * A URL given with its scheme is kept as typed (llms.txt titles itself with it).
 */
export function urlArgument(value: string): string {
  const url = parseTypedUrl(value);
  const typed = value.trim();
  return typed.includes('://') ? typed : url.href;
}
