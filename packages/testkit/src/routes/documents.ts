import { brokenDocumentFixtures, documentFixtures } from '../documents/index.js';
import { linkList, simplePage } from '../pages/layout.js';
import { send, sendHtml } from '../server/respond.js';
import type { Route } from '../server/router.js';

/** The page a crawl of documents starts from: a link to the report in every format. */
function documentsIndex(): string {
  const links = Object.entries(documentFixtures).map(([format, fixture]) => ({
    href: fixture.path,
    text: `The report as ${format.toUpperCase()}`,
  }));
  return simplePage('Documents', `<h1>Documents</h1>\n${linkList(links)}`);
}

/** The report in every document format, the broken files, and an index page linking the good ones. */
export function documentRoutes(): Route[] {
  return [
    { path: '/documents/', handle: ({ res }) => sendHtml(res, documentsIndex()) },
    ...Object.values({ ...documentFixtures, ...brokenDocumentFixtures }).map(
      (fixture): Route => ({ path: fixture.path, handle: ({ res }) => send(res, 200, fixture.type, fixture.bytes()) }),
    ),
  ];
}
