import { h, replace, type Child } from './dom.js';

/** Saves text or bytes as a file through a blob URL (no server round trip). */
export function download(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = h('a', { href: url, download: name }) as HTMLAnchorElement;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function copyButton(text: () => string): HTMLElement {
  const button = h('button', { type: 'button', class: 'secondary' }, 'Copy');
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(text()).catch(() => undefined);
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
  return button;
}

export interface Tab {
  label: string;
  render: () => Child;
  /** The tab's text for Copy and Download, when it has one. */
  text?: () => string;
  file?: { name: string; type: string };
}

/** Tabs as the ARIA pattern has them: arrow keys move between tabs, the panel follows. */
export function tabs(list: Tab[], label: string): HTMLElement {
  const panel = h('div', { role: 'tabpanel', class: 'panel', tabindex: 0 });
  const buttons = list.map((tab, index) =>
    h('button', { type: 'button', role: 'tab', id: `tab-${label}-${index}`, onclick: () => select(index) }, tab.label),
  );
  const bar = h('div', { role: 'tablist', 'aria-label': label, class: 'tabs' }, buttons);
  bar.addEventListener('keydown', (event) => {
    const current = buttons.indexOf(document.activeElement as HTMLElement);
    if (current < 0) return;
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    select((current + step + buttons.length) % buttons.length, true);
  });
  function select(index: number, focus = false) {
    const tab = list[index]!;
    buttons.forEach((button, at) => {
      button.setAttribute('aria-selected', String(at === index));
      button.tabIndex = at === index ? 0 : -1;
    });
    if (focus) buttons[index]!.focus();
    panel.setAttribute('aria-labelledby', buttons[index]!.id);
    const tools = tab.text
      ? h(
          'div',
          { class: 'tools' },
          copyButton(tab.text),
          tab.file
            ? h(
                'button',
                { type: 'button', class: 'secondary', onclick: () => download(tab.file!.name, tab.text!(), tab.file!.type) },
                'Download',
              )
            : null,
        )
      : null;
    replace(panel, tools, tab.render());
  }
  select(0);
  return h('div', { class: 'tabbed' }, bar, panel);
}

export function pre(text: string): HTMLElement {
  return h('pre', { class: 'code' }, text);
}

export function statusBadge(status: string): HTMLElement {
  return h('span', { class: `badge ${status}` }, status);
}

export function progress(completed: number, total: number): HTMLElement {
  return h('progress', { max: Math.max(total, 1), value: completed, 'aria-label': `${completed} of ${total} pages` });
}

export function failure(error: unknown): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error));
}
