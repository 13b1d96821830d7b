/**
 * Thrown by a command that Ctrl-C stopped, once it has printed what it had: the process exits
 * 130 (128 + SIGINT, what shells report for it), so a script can tell it from a finished run.
 */
export class Interrupted extends Error {
  constructor(what: string) {
    super(`${what} was stopped by Ctrl-C`);
    this.name = 'Interrupted';
  }
}

export const INTERRUPTED_EXIT_CODE = 130;
