import type { JobKind, JobRecord, Store } from '@trawl/core/ports';
import { ApiError, MESSAGES } from '../transport/api-error.js';

/**
 * The team's job of one of `kinds`. Unknown, expired, other kinds and other teams' jobs all
 * read as missing, so a caller learns nothing about ids that are not theirs.
 */
export async function findTeamJob(
  store: Store,
  id: string,
  teamId: string,
  kinds: readonly JobKind[],
  missing: ApiError = jobNotFound(),
): Promise<JobRecord> {
  const job = await store.jobs.get(id);
  if (!job || job.teamId !== teamId || !kinds.includes(job.kind)) throw missing;
  return job;
}

/** `{success:false, error:"Job not found"}` on v1 status reads, `{error}` on v0. */
export function jobNotFound(message: string = MESSAGES.jobNotFound): ApiError {
  return new ApiError(404, message);
}
