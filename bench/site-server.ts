// Serves a synthetic testkit site in its own process, so the crawler under test has its own core.
// Prints the base URL on the first line of stdout. Usage: site-server.ts <pages> [appShellEvery]
import { startSyntheticSite } from '@trawl/testkit';

const pages = Number(process.argv[2] ?? 2000);
const appShellEvery = process.argv[3] ? Number(process.argv[3]) : undefined;
const site = await startSyntheticSite({ pages, seed: 7, ...(appShellEvery ? { appShellEvery } : {}) });
console.log(site.url);
process.on('SIGTERM', () => void site.close().then(() => process.exit(0)));
