import { phrases } from '@trawl/testkit';
import { describe, expect, it } from 'vitest';
import { stdioClient } from './helpers/clients.js';
import { mcpRig } from './helpers/rig.js';
import { toolSuite } from './helpers/tool-suite.js';

/** `trawl mcp`, the compiled CLI, started over stdio as an agent starts it. */
const rig = mcpRig();
const baseEnv = () => ({ TRAWL_STORE: 'memory', ...rig.adapterEnv() });

toolSuite('stdio (trawl mcp)', rig, () => stdioClient({ ...baseEnv(), TRAWL_ALLOW_PRIVATE_NETWORK: 'true' }));

describe('trawl mcp', () => {
  it('refuses private addresses by default, as trawl serve does, and reads them with --allow-private-network', async () => {
    const strict = await stdioClient(baseEnv());
    try {
      const refused = await strict.call('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/failed \(HTTP 400 SCRAPE_BLOCKED_URL\)/);
      expect(refused.text).toContain("The server's network policy refuses this address");
      // The refusal says how to lift it for this very command.
      expect(refused.text).toMatch(
        /--allow-private-network or TRAWL_ALLOW_PRIVATE_NETWORK=true for trawl serve, trawl worker and trawl mcp/,
      );
    } finally {
      await strict.close();
    }
    const open = await stdioClient(baseEnv(), ['--allow-private-network']);
    try {
      expect(await open.text('firecrawl_scrape', { url: `${rig.site.url}/articles/minimal` })).toContain(phrases.minimal);
    } finally {
      await open.close();
    }
  }, 90_000); // two cold starts of the CLI: 24 s seen at load average 11, over 30 s under more; a hang guard only
});
