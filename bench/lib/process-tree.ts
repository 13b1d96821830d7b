// What a process and everything it started (Chromium and its helpers) use, read from /proc: the
// browser benchmarks count the browser's memory and CPU with the crawler's.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessEntry {
  pid: number;
  parent: number;
  name: string;
  rssKb: number;
}

function processes(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      entries.push({
        pid: Number(entry),
        parent: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
        name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '',
        rssKb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return entries;
}

/** `root` and all its descendants. */
export function processTree(root: number): ProcessEntry[] {
  const all = processes();
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of all) children.set(entry.parent, [...(children.get(entry.parent) ?? []), entry]);
  const tree = all.filter((entry) => entry.pid === root);
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!.pid) ?? []));
  return tree;
}

/** Resident memory of `root` and its descendants, summed, in MB. */
export function treeRssMb(root: number): number {
  return processTree(root).reduce((sum, entry) => sum + entry.rssKb, 0) / 1024;
}

/** Samples the RSS of this process and all its descendants every `everyMs`; remembers every Chromium process seen. */
export function sampleMemory(everyMs = 250): { current(): number; peak(): number; chromiumSeen(): Set<number>; stop(): void } {
  let peak = 0;
  let last = 0;
  const chromium = new Set<number>();
  const sample = () => {
    const tree = processTree(process.pid);
    last = tree.reduce((sum, entry) => sum + entry.rssKb, 0) / 1024;
    peak = Math.max(peak, last);
    for (const entry of tree) if (/chrom/i.test(entry.name)) chromium.add(entry.pid);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    current: () => last,
    peak: () => peak,
    chromiumSeen: () => chromium,
    stop: () => clearInterval(timer),
  };
}

/** Which of `pids` still run (a Chromium left behind is reparented, so it is looked up by pid, not by parent). */
export function stillRunning(pids: Iterable<number>): number[] {
  const alive = new Set(processes().map((entry) => entry.pid));
  return [...pids].filter((pid) => alive.has(pid));
}

/**
 * CPU time, in ms, of the children this process has waited for and of theirs (`cutime` + `cstime`
 * of /proc/self/stat): Chromium's once it has exited, its renderers included.
 */
export function reapedChildrenCpuMs(): number {
  // The fields after the command name (which may hold spaces), from field 3 on: cutime is field 16.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ').pop()!.split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
}
