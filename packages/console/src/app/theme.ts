const KEY = 'trawl.theme';

/** Light or dark: the system's choice until the viewer picks one, kept in this browser. */
export function applyTheme(): void {
  const chosen = localStorage.getItem(KEY);
  if (chosen === 'light' || chosen === 'dark') document.documentElement.dataset.theme = chosen;
}

export function toggleTheme(): void {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark'
    : matchMedia('(prefers-color-scheme: dark)').matches;
  const next = dark ? 'light' : 'dark';
  localStorage.setItem(KEY, next);
  document.documentElement.dataset.theme = next;
}
