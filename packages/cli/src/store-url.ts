/** The store of `trawl serve` and `pnpm start` when none is named: a SQLite file in the working directory. */
export const DEFAULT_STORE_URL = 'sqlite:./.trawl/trawl.db';

/** What `--store` and `TRAWL_STORE` accept, for help texts and error messages. */
export const STORE_URL_FORMS = 'memory | sqlite:<path> | redis://[user:password@]host:port[/db][?prefix=name]';
