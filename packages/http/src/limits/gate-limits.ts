import type { FairGateLimits } from '@trawl/core/server';

/** Status reads (a page of up to 10 MiB of documents each) passing at once: one of a team's, eight in all. */
export const DEFAULT_STATUS_GATE: FairGateLimits = { perTeam: 1, total: 8 };
/** Uploads (`/v2/parse`, up to 50 MB each) read and converted at once. */
export const DEFAULT_UPLOAD_GATE: FairGateLimits = { perTeam: 2, total: 4 };
