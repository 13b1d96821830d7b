// Stands in for an optional dependency in Trawl's bundles (scripts/build-cli.mjs,
// scripts/bundle-dom.mjs): its importers require it inside try/catch and do without it.
// @acemir/cssom (under linkedom) tries `cssstyle`, which the workspace has only as jsdom's
// dependency; bundled, it cost every `trawl scrape` a sixteenth of its CPU to initialise, for CSS
// rule objects Trawl never reads, and npm users without jsdom never had it.
throw new Error('This optional module is left out of the bundle');
