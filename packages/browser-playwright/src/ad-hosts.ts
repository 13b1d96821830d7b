import { readFileSync } from 'node:fs';

/** A set of host names that also matches every subdomain of each entry. */
export interface HostMatcher {
  matches(host: string): boolean;
  readonly size: number;
}

export function hostMatcher(hosts: Iterable<string>): HostMatcher {
  const set = new Set<string>();
  for (const host of hosts) {
    const clean = host
      .trim()
      .toLowerCase()
      .replace(/^\*?\./, '');
    if (clean) set.add(clean);
  }
  return {
    size: set.size,
    matches(host) {
      // Walk up the labels: a.b.example.com, b.example.com, example.com, com.
      let candidate = host.toLowerCase().replace(/\.$/, '');
      for (;;) {
        if (set.has(candidate)) return true;
        const dot = candidate.indexOf('.');
        if (dot < 0) return false;
        candidate = candidate.slice(dot + 1);
      }
    },
  };
}

/** Host names of a hosts file (`0.0.0.0 ads.example`), a plain list, or `||host^` filter rules. */
export function parseHostList(text: string): string[] {
  const hosts: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line || line.startsWith('!') || line.startsWith('[')) continue;
    const rule = /^\|\|([a-z0-9.-]+)\^(?:\$third-party|\$3p)?$/i.exec(line);
    if (rule) {
      hosts.push(rule[1]!);
      continue;
    }
    const fields = line.split(/\s+/);
    const host = fields.length > 1 && /^(?:0\.0\.0\.0|127\.0\.0\.1|::1?)$/.test(fields[0]!) ? fields[1]! : fields[0]!;
    if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i.test(host)) hosts.push(host);
  }
  return hosts;
}

let builtIn: string[] | undefined;

/** The list shipped in data/ad-hosts.txt (see its header for where it comes from). */
export function builtInAdHosts(): string[] {
  builtIn ??= parseHostList(readFileSync(new URL('../data/ad-hosts.txt', import.meta.url), 'utf8'));
  return builtIn;
}
