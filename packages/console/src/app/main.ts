import './styles.css';
import { api, ApiFailure, session } from './api.js';
import { h, replace } from './dom.js';
import { applyTheme, toggleTheme } from './theme.js';
import { failure } from './widgets.js';
import { job } from './views/job.js';
import { jobs } from './views/jobs.js';
import { monitor, monitors } from './views/monitors.js';
import { playground } from './views/playground.js';
import { signIn } from './views/sign-in.js';
import { usage } from './views/usage.js';
import { JOB_KINDS, type JobKindName } from './jobs-api.js';

const SCREENS = [
  ['#/playground', 'Playground'],
  ['#/jobs', 'Jobs'],
  ['#/monitors', 'Monitors'],
  ['#/usage', 'Usage'],
] as const;

applyTheme();
const root = document.getElementById('app')!;
const main = h('main', { id: 'main', tabindex: -1 });
let needsKey = false;

function go(hash: string): void {
  if (location.hash === hash) render();
  else location.hash = hash;
}

/** The screen for the current hash. */
function screen(): HTMLElement {
  const [, name, ...rest] = location.hash.split('/');
  if (name === 'jobs' && rest.length === 2 && rest[0]! in JOB_KINDS) return job(rest[0] as JobKindName, decodeURIComponent(rest[1]!));
  if (name === 'jobs') return jobs();
  if (name === 'monitors' && rest[0]) return monitor(decodeURIComponent(rest[0]));
  if (name === 'monitors') return monitors();
  if (name === 'usage') return usage();
  return playground(go);
}

function header(): HTMLElement {
  const current = `#/${location.hash.split('/')[1] ?? 'playground'}`;
  return h(
    'header',
    {},
    h('a', { class: 'skip', href: '#main', onclick: (event: Event) => (event.preventDefault(), main.focus()) }, 'Skip to content'),
    h('span', { class: 'brand' }, 'Trawl'),
    h(
      'nav',
      { 'aria-label': 'Screens' },
      SCREENS.map(([hash, label]) => h('a', { href: hash, ...(current === hash ? { 'aria-current': 'page' } : {}) }, label)),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'button', class: 'secondary', onclick: toggleTheme, 'aria-label': 'Switch light or dark' }, '◐'),
      needsKey
        ? h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                session.signOut();
                void start();
              },
            },
            'Sign out',
          )
        : null,
    ),
  );
}

function render(): void {
  replace(main, screen());
  replace(root, header(), main);
}

/** Asks the API whether this tab may call it; a 401 means the server has keys and this tab has none (or a stale one). */
async function start(): Promise<void> {
  try {
    await api('GET', '/v2/team/credit-usage');
    needsKey = Boolean(session.key());
    render();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      needsKey = true;
      session.signOut();
      replace(
        root,
        h(
          'main',
          { id: 'main' },
          signIn(() => void start()),
        ),
      );
    } else replace(root, h('main', { id: 'main' }, failure(error)));
  }
}

window.addEventListener('hashchange', () => {
  if (root.querySelector('header')) render();
});
void start();
