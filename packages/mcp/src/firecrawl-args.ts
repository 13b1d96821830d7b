/**
 * firecrawl-mcp's arguments as the v2 API takes them, the way firecrawl-mcp turns them: a
 * format's options (`jsonOptions`, `queryOptions`, `screenshotOptions`) go into its format
 * object, `pdfOptions` into the pdf parser, the `generatePDF` action into v2's `pdf`, a webhook with headers into `{url, headers}`, and
 * empty values are left out. Pure.
 */

type Args = Record<string, unknown>;

export function scrapeBody(args: Args): Args {
  const { jsonOptions, queryOptions, screenshotOptions, pdfOptions, formats, parsers, actions, ...rest } = args;
  const out: Args = { ...rest };
  // firecrawl-mcp names the print action `generatePDF`; the v2 API (and Trawl) call it `pdf`.
  if (Array.isArray(actions)) {
    out.actions = actions.map((action) =>
      action && typeof action === 'object' && (action as Args).type === 'generatePDF' ? { ...(action as Args), type: 'pdf' } : action,
    );
  }
  if (Array.isArray(formats) && formats.length) {
    out.formats = formats.map((format) => {
      if (format === 'json') return { type: 'json', ...(jsonOptions as Args | undefined) };
      if (format === 'query') return { type: 'query', ...(queryOptions as Args | undefined) };
      if (format === 'screenshot' && screenshotOptions) return { type: 'screenshot', ...(screenshotOptions as Args) };
      return format;
    });
  }
  if (Array.isArray(parsers) && parsers.length) {
    out.parsers = parsers.map((parser) => (parser === 'pdf' && pdfOptions ? { type: 'pdf', ...(pdfOptions as Args) } : parser));
  }
  return withoutEmpty(out);
}

export function crawlBody(args: Args): Args {
  const { scrapeOptions, webhook, webhookHeaders, ...rest } = args;
  const headers = webhookHeaders as Record<string, string> | undefined;
  return withoutEmpty({
    ...rest,
    ...(scrapeOptions ? { scrapeOptions: scrapeBody(scrapeOptions as Args) } : {}),
    ...(webhook ? { webhook: headers && Object.keys(headers).length ? { url: webhook, headers } : webhook } : {}),
  });
}

/** Drops undefined, empty strings, empty lists and empty objects at the top level. */
export function withoutEmpty(args: Args): Args {
  return Object.fromEntries(
    Object.entries(args).filter(([, value]) => {
      if (value === undefined || value === null || value === '') return false;
      if (Array.isArray(value)) return value.length > 0;
      if (typeof value === 'object') return Object.keys(value).length > 0;
      return true;
    }),
  );
}
