import type { Lease } from '../../ports/store.js';
import { IndexedHeap, type HeapSlot } from './indexed-heap.js';

/** A frontier item that is not done yet. It sits in exactly one heap, named by `state`. */
export interface QueuedItem extends HeapSlot {
  readonly jobId: string;
  /** Store-wide enqueue order; a re-queued item keeps it, and so keeps its place. */
  readonly seq: number;
  readonly url: string;
  readonly key: string;
  readonly depth: number;
  /** The item's data as JSON text, so callers never share it. */
  readonly dataJson: string | undefined;
  attempt: number;
  state: 'ready' | 'delayed' | 'leased';
  /** Epoch ms before which a delayed item is not handed out. */
  notBefore: number;
  /** Epoch ms when the current lease lapses. */
  deadline: number;
  /** The latest lease handed out, kept after expiry so its holder can still ack until re-lease. */
  leaseId: string | undefined;
}

/** One job's frontier: what it has seen, what is live, and its ready items in order. */
export class JobQueue {
  /** Every key ever accepted; kept after items are done so they are never accepted twice. */
  readonly seen = new Set<string>();
  /** Items not yet done, by key. */
  readonly live = new Map<string, QueuedItem>();
  readonly ready = new IndexedHeap<QueuedItem>((a, b) => a.seq < b.seq);
  leased = 0;
  done = 0;
  /** Keys holding a place under the job's limit (see Frontier.enqueue). */
  places = 0;

  constructor(
    readonly jobId: string,
    /** The job's team, whose turn its pages take. */
    readonly teamId: string,
  ) {}
}

export function toLease(item: QueuedItem): Lease {
  return {
    id: item.leaseId as string,
    jobId: item.jobId,
    item: {
      url: item.url,
      key: item.key,
      depth: item.depth,
      attempt: item.attempt,
      ...(item.dataJson === undefined ? {} : { data: JSON.parse(item.dataJson) as unknown }),
    },
    deadline: item.deadline,
  };
}
