/** The Logger port lives in core (a Runtime carries one); re-exported here, where API users have always found it. */
export { consoleLogger, type Logger } from '@trawl/core';
