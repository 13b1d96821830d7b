import { LinkTemplates } from '../content/assembly/learned-links.js';

/**
 * The learned link templates of the crawls this thread converts pages for, by scope (a team's
 * crawl: `linkTemplateScope`). Each conversion thread learns on its own; nothing is shared
 * between scopes, so never between teams. The MAX_SCOPES crawls seen last are kept: a finished
 * crawl's templates go when newer crawls need the room.
 */
const scopes = new Map<string, LinkTemplates>();
const MAX_SCOPES = 8;

/** The scope of one crawl of one team. */
export function linkTemplateScope(teamId: string, jobId: string): string {
  return `${teamId}\n${jobId}`;
}

export function linkTemplatesOf(scope: string): LinkTemplates {
  let templates = scopes.get(scope);
  if (templates) scopes.delete(scope);
  else templates = new LinkTemplates();
  // Map order is insertion order: re-inserting makes this scope the newest.
  scopes.set(scope, templates);
  if (scopes.size > MAX_SCOPES) scopes.delete(scopes.keys().next().value!);
  return templates;
}
