import { TrawlError, type Document } from '@trawl/core';
import type { SearchHit, SearchProvider, Store } from '@trawl/core/ports';
import { createLocalIndexes, type LocalIndex, type LocalIndexOptions } from './local-index.js';

/** The corpus holding one team's pages: `team:<id>`, never the `default` corpus the command line fills. */
export function teamCorpus(teamId: string): string {
  return `team:${teamId}`;
}

/** Teams of recent jobs kept in memory, so indexing a crawl's pages reads its record once. */
const JOB_TEAMS_KEPT = 1000;

/**
 * The local index of a server shared by teams: one corpus per team (`teamCorpus`), fed with the
 * pages each team's jobs record and searched only through `forTeam`, which the API applies to every
 * request and job (core's `teamRuntime`). A search that names no team is refused rather than
 * answered from every team's pages.
 */
export interface TeamSearchIndex extends SearchProvider {
  readonly name: 'local';
  /** The index of one team's pages. */
  forTeam(teamId: string): LocalIndex;
  /** Adds a page to `teamId`'s corpus (false, storing nothing, for error pages and pages without text). */
  indexDocument(document: Document, teamId: string): Promise<boolean>;
  /**
   * Adds a page a job recorded to the corpus of the job's team: the hook of a worker's `page`
   * event. False when the job is gone (expired) or the page is not indexable.
   */
  indexJobPage(document: Document, jobId: string): Promise<boolean>;
}

export function createTeamSearchIndex(options: Omit<LocalIndexOptions, 'corpus'>): TeamSearchIndex {
  const indexes = createLocalIndexes(options);
  const jobTeams = new Map<string, string>();

  async function teamOfJob(store: Store, jobId: string): Promise<string | undefined> {
    const known = jobTeams.get(jobId);
    if (known !== undefined) return known;
    const job = await store.jobs.get(jobId);
    if (!job) return undefined;
    if (jobTeams.size >= JOB_TEAMS_KEPT) jobTeams.delete(jobTeams.keys().next().value!);
    jobTeams.set(jobId, job.teamId);
    return job.teamId;
  }

  const forTeam = (teamId: string) => indexes.get(teamCorpus(teamId));
  return {
    name: 'local',
    forTeam,
    indexDocument: (document, teamId) => forTeam(teamId).indexDocument(document),
    async indexJobPage(document, jobId) {
      const teamId = await teamOfJob(options.store, jobId);
      return teamId === undefined ? false : forTeam(teamId).indexDocument(document);
    },
    search(): Promise<SearchHit[]> {
      return Promise.reject(
        new TrawlError('INVALID_OPTIONS', "The local index of a server holds each team's pages apart: search it through forTeam(teamId)"),
      );
    },
  };
}
