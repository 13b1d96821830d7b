const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

export interface Series {
  name: string;
  /** Value per period label. */
  values: Map<string, number>;
}

/**
 * Grouped bars: one group per period, one bar per series (an API key), in SVG built node by node
 * (presentation attributes, not inline styles, so the CSP holds). Colours come from the stylesheet.
 */
export function barChart(title: string, periods: string[], series: Series[]): SVGElement {
  const width = 640;
  const height = 220;
  const left = 48;
  const bottom = 28;
  const max = Math.max(1, ...series.flatMap((one) => [...one.values.values()]));
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title, class: 'chart' });
  chart.append(svg('title', {}, title));
  const plotHeight = height - bottom - 10;
  for (const fraction of [0, 0.5, 1]) {
    const y = 10 + plotHeight * (1 - fraction);
    chart.append(svg('line', { x1: left, x2: width, y1: y, y2: y, class: 'grid' }));
    chart.append(svg('text', { x: left - 6, y: y + 4, 'text-anchor': 'end', class: 'axis' }, String(Math.round(max * fraction))));
  }
  const group = Math.min((width - left) / Math.max(periods.length, 1), 60 * Math.max(series.length, 1));
  const bar = (group * 0.8) / Math.max(series.length, 1);
  periods.forEach((period, at) => {
    const x0 = left + at * group + group * 0.1 + 8;
    series.forEach((one, index) => {
      const value = one.values.get(period) ?? 0;
      const barHeight = (value / max) * plotHeight;
      const rect = svg('rect', {
        x: x0 + index * bar,
        y: 10 + plotHeight - barHeight,
        width: Math.max(bar - 2, 1),
        height: barHeight,
        class: `bar s${index % 6}`,
      });
      rect.append(svg('title', {}, `${one.name}, ${period}: ${value}`));
      chart.append(rect);
    });
    chart.append(svg('text', { x: x0 + (group * 0.8) / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis' }, period));
  });
  return chart;
}
