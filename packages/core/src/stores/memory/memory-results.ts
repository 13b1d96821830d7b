import { Buffer } from 'node:buffer';
import type { ResultEntry, ResultKind, ResultLog, ResultPage, ResultQuery } from '../../ports/store.js';
import { requireInteger } from '../../ports/store-arguments.js';

/** An entry kept as its JSON text: compact, isolated from callers, and already measured. */
interface SerialisedEntry {
  json: string;
  bytes: number;
}

interface JobLog {
  all: SerialisedEntry[];
  byKind: Map<ResultKind, SerialisedEntry[]>;
}

/** Append-only arrays per job, one for all entries and one per kind, so every read is a slice. */
export class MemoryResultLog implements ResultLog {
  private readonly logs = new Map<string, JobLog>();

  get entryCount(): number {
    let count = 0;
    for (const log of this.logs.values()) count += log.all.length;
    return count;
  }

  async append(jobId: string, entries: readonly ResultEntry[]): Promise<void> {
    if (entries.length === 0) return;
    let log = this.logs.get(jobId);
    if (!log) {
      log = { all: [], byKind: new Map() };
      this.logs.set(jobId, log);
    }
    for (const entry of entries) {
      const json = JSON.stringify(entry);
      const serialised = { json, bytes: Buffer.byteLength(json, 'utf8') };
      log.all.push(serialised);
      let sequence = log.byKind.get(entry.kind);
      if (!sequence) {
        sequence = [];
        log.byKind.set(entry.kind, sequence);
      }
      sequence.push(serialised);
    }
  }

  async read(jobId: string, query: ResultQuery): Promise<ResultPage> {
    requireInteger('offset', query.offset, 0);
    requireInteger('maxCount', query.maxCount, 1);
    requireInteger('maxBytes', query.maxBytes, 1);
    const sequence = this.sequence(jobId, query.kind);
    const entries: ResultEntry[] = [];
    let bytes = 0;
    let index = query.offset;
    while (index < sequence.length && entries.length < query.maxCount) {
      const entry = sequence[index] as SerialisedEntry;
      // The first entry always goes in, so a reader makes progress past an oversized one.
      if (entries.length > 0 && bytes + entry.bytes > query.maxBytes) break;
      entries.push(JSON.parse(entry.json) as ResultEntry);
      bytes += entry.bytes;
      index++;
    }
    return { entries, next: index < sequence.length ? index : null };
  }

  async count(jobId: string, kind?: ResultKind): Promise<number> {
    return this.sequence(jobId, kind).length;
  }

  drop(jobId: string): void {
    this.logs.delete(jobId);
  }

  clear(): void {
    this.logs.clear();
  }

  private sequence(jobId: string, kind: ResultKind | undefined): readonly SerialisedEntry[] {
    const log = this.logs.get(jobId);
    if (!log) return [];
    return kind === undefined ? log.all : (log.byKind.get(kind) ?? []);
  }
}
