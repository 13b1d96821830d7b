import { api } from '../api.js';
import { h, replace } from '../dom.js';
import { barChart, type Series } from '../chart.js';
import { failure } from '../widgets.js';

interface Period {
  startDate: string;
  apiKey?: string;
  creditsUsed?: number;
  tokensUsed?: number;
}

/** Periods by month and key into chart series (one per key), months in order. */
function seriesOf(periods: Period[], field: 'creditsUsed' | 'tokensUsed'): { months: string[]; series: Series[] } {
  const months = [...new Set(periods.map((period) => period.startDate.slice(0, 7)))].sort();
  const byKey = new Map<string, Map<string, number>>();
  for (const period of periods) {
    const key = period.apiKey ?? 'team';
    const values = byKey.get(key) ?? new Map<string, number>();
    values.set(period.startDate.slice(0, 7), (values.get(period.startDate.slice(0, 7)) ?? 0) + (period[field] ?? 0));
    byKey.set(key, values);
  }
  return { months, series: [...byKey].map(([name, values]) => ({ name, values })) };
}

function section(title: string, periods: Period[], field: 'creditsUsed' | 'tokensUsed'): HTMLElement {
  const { months, series } = seriesOf(periods, field);
  return h(
    'section',
    { class: 'card' },
    h('h2', {}, title),
    months.length ? barChart(`${title} per month and API key`, months, series) : h('p', { class: 'muted' }, 'Nothing used yet.'),
    h(
      'ul',
      { class: 'legend' },
      series.map((one, index) =>
        h(
          'li',
          {},
          h('span', { class: `swatch s${index % 6}`, 'aria-hidden': 'true' }),
          ` ${one.name}: ${[...one.values.values()].reduce((a, b) => a + b, 0)}`,
        ),
      ),
    ),
  );
}

/** Usage: credits left, and credits and tokens over time per API key. */
export function usage(): HTMLElement {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  void (async () => {
    try {
      const [credits, creditHistory, tokenHistory] = await Promise.all([
        api('GET', '/v2/team/credit-usage'),
        api('GET', '/v2/team/credit-usage/historical?byApiKey=true'),
        api('GET', '/v2/team/token-usage/historical?byApiKey=true'),
      ]);
      const remaining = credits.data?.remainingCredits;
      replace(
        body,
        h('p', { class: 'big' }, `Credits remaining: ${remaining ?? '—'}`),
        section('Credits', creditHistory.periods ?? [], 'creditsUsed'),
        section('Tokens', tokenHistory.periods ?? [], 'tokensUsed'),
      );
    } catch (error) {
      replace(body, failure(error));
    }
  })();
  return h('div', {}, h('h1', {}, 'Usage'), body);
}
