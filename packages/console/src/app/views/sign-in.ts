import { api, ApiFailure, session } from '../api.js';
import { h, replace } from '../dom.js';
import { failure } from '../widgets.js';

/** Sign-in: an API key, kept in this tab's session storage only and sent as the bearer token. */
export function signIn(done: () => void): HTMLElement {
  const key = h('input', { id: 'api-key', type: 'password', autocomplete: 'current-password', required: true }) as HTMLInputElement;
  const message = h('div', { 'aria-live': 'polite' });
  async function submit(event: Event) {
    event.preventDefault();
    session.signIn(key.value.trim());
    try {
      await api('GET', '/v2/team/credit-usage');
      done();
    } catch (error) {
      session.signOut();
      replace(message, failure(error instanceof ApiFailure && error.status === 401 ? new Error('That key is not valid here.') : error));
    }
  }
  return h(
    'form',
    { class: 'card narrow', onsubmit: submit, 'aria-label': 'Sign in' },
    h('h1', {}, 'Sign in'),
    h('p', {}, 'This server needs an API key. It stays in this tab only and is sent with each call as the bearer token.'),
    h('div', { class: 'field' }, h('label', { for: 'api-key' }, 'API key'), key),
    h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Sign in')),
    message,
  );
}
