import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../../src/fetch/http-engine.js';
import { isNonPublicAddress } from '../../src/url/ssrf.js';
import { scrape, STRICT_POLICY, TrawlError } from '../../src/index.js';

describe('isNonPublicAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true], // cloud metadata
    ['100.64.0.1', true], // carrier-grade NAT
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s -> %s', (address, blocked) => {
    expect(isNonPublicAddress(address)).toBe(blocked);
  });
});

describe('SSRF policy on real connections', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('<p>private</p>'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a loopback IP literal when private networks are blocked', async () => {
    const err = await httpFetch(`${base}/`, {}, STRICT_POLICY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrawlError);
    expect((err as TrawlError).code).toBe('SCRAPE_BLOCKED_URL');
    expect((err as TrawlError).message).toMatch(/private, loopback or link-local/);
  });

  it('refuses a host name that resolves to loopback', async () => {
    const url = base.replace('127.0.0.1', 'localhost');
    await expect(scrape(url, { ssrf: true })).rejects.toMatchObject({ code: 'SCRAPE_BLOCKED_URL' });
  });

  it('says how to allow private networks, in the flag every serving surface shares', async () => {
    const refusals = [
      await httpFetch(`${base}/`, {}, STRICT_POLICY).catch((e: unknown) => e),
      await scrape(base.replace('127.0.0.1', 'localhost'), { ssrf: true }).catch((e: unknown) => e),
    ];
    for (const refusal of refusals) {
      expect((refusal as TrawlError).message).toContain('--allow-private-network or TRAWL_ALLOW_PRIVATE_NETWORK=true');
      expect((refusal as TrawlError).message).toContain('ssrf: false');
    }
  });

  it('allows hosts on the policy allow-list', async () => {
    const page = await httpFetch(`${base}/`, {}, { blockPrivateNetworks: true, allowHosts: ['127.0.0.1'] });
    expect(page.status).toBe(200);
  });

  it('fetches loopback when the policy is open (library default)', async () => {
    const doc = await scrape(`${base}/`, { onlyMainContent: false });
    expect(doc.markdown).toContain('private');
  });
});
