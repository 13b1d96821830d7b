import { typedTargetUrl } from '@trawl/core';

/**
 * A `<url>` argument, read as the API and the library read it: `example.com/a` means
 * `http://example.com/a`; a URL given with its scheme is kept as typed (llms.txt titles itself with it).
 */
export function urlArgument(value: string): string {
  return typedTargetUrl(value);
}
