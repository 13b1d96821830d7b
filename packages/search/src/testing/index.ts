export { startSearxngStandIn } from './searxng-stand-in.js';
export { startBraveStandIn, STAND_IN_BRAVE_KEY } from './brave-stand-in.js';
export { startSerperStandIn, STAND_IN_SERPER_KEY } from './serper-stand-in.js';
export { startDuckDuckGoStandIn } from './duckduckgo-stand-in.js';
export { fixtureHits } from './fixture-hits.js';
export { startStandInServer, type StandIn, type StandInHit, type StandInOptions, type RecordedSearch } from './stand-in-server.js';
