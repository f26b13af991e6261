// Usage: the partner's messages of the current month and the twelve before it, as `GET /v1/usage` counts them,
// as a stacked bar chart drawn here (inline SVG, no chart library) and as a table of the same figures.
import type { components } from '../../../sandbox/generated/openapi';
import { h, svg, table } from '../dom';
import type { PortalPage } from '../page';
import { must } from '../session';

type Month = components['schemas']['UsagePeriod'];

/** The counts stacked in each bar, bottom up, with their legend. */
const SERIES: ReadonlyArray<{ key: 'inbound_messages' | 'outbound_messages' | 'outbound_template_messages'; label: string }> = [
  { key: 'inbound_messages', label: 'Inbound' },
  { key: 'outbound_messages', label: 'Outbound' },
  { key: 'outbound_template_messages', label: 'Outbound templates' },
];

const messages = (count: number): string => `${count} message${count === 1 ? '' : 's'}`;

const WIDTH = 640;
const HEIGHT = 240;
const AXIS = 28;
const TOP = 12;

/** A round step for the axis: 1, 2 or 5 times a power of ten, at least max/4. */
function stepFor(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough)!;
}

export function usageChart(months: Month[]): SVGElement {
  const max = Math.max(1, ...months.map((m) => m.total_messages));
  const step = stepFor(max);
  const top = Math.ceil(max / step) * step;
  const plot = HEIGHT - AXIS - TOP;
  const y = (value: number) => TOP + plot - (value / top) * plot;
  const slot = (WIDTH - 40) / months.length;
  const grid = [];
  for (let value = 0; value <= top; value += step) {
    grid.push(svg('line', { x1: 40, x2: WIDTH, y1: y(value), y2: y(value), class: 'grid' }), svg('text', { x: 34, y: y(value) + 4, class: 'tick', 'text-anchor': 'end' }, String(value)));
  }
  const bars = months.map((month, index) => {
    const x = 40 + index * slot + slot * 0.15;
    let base = 0;
    const parts = SERIES.map(({ key }, series) => {
      const value = month[key];
      const rect = svg('rect', { x, width: slot * 0.7, y: y(base + value), height: Math.max(0, y(base) - y(base + value)), class: `bar bar-${series}` });
      base += value;
      return rect;
    });
    return svg(
      'g',
      { class: 'month', 'data-period': month.period },
      svg('title', {}, `${month.period}: ${month.total_messages} messages (${SERIES.map((s) => `${month[s.key]} ${s.label.toLowerCase()}`).join(', ')})`),
      ...parts,
      svg('text', { x: x + slot * 0.35, y: HEIGHT - AXIS + 16, class: 'tick', 'text-anchor': 'middle' }, month.period.slice(5)),
    );
  });
  return svg(
    'svg',
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-labelledby': 'usage-chart-title', class: 'chart', preserveAspectRatio: 'xMidYMid meet' },
    svg('title', { id: 'usage-chart-title' }, `Messages per month, ${months[0]?.period} to ${months[months.length - 1]?.period}: see the table below for each figure.`),
    ...grid,
    ...bars,
  );
}

export const usagePage: PortalPage = {
  path: 'usage',
  title: 'Usage',
  intro: 'Your messages this month and the twelve before it: inbound, outbound and template messages of live keys (test traffic never counts).',
  async render(context) {
    const usage = await must(context.api.GET('/usage'));
    const months = [...usage.history].reverse().concat(usage.current);
    return [
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 'current-title' },
        h('h2', { id: 'current-title' }, `This month (${usage.current.period})`),
        h('p', { class: 'big-figure', 'data-testid': 'current-total' }, messages(usage.current.total_messages)),
        h('ul', { class: 'legend' }, ...SERIES.map((s, index) => h('li', {}, h('span', { class: `swatch bar-${index}`, 'aria-hidden': 'true' }), `${s.label}: ${usage.current[s.key]}`))),
      ),
      h('figure', { class: 'panel chart-box' }, usageChart(months), h('figcaption', {}, 'Messages per month, oldest on the left.')),
      table<Month>(
        'Messages per month, newest first',
        [
          ['Month', (m) => m.period],
          ...SERIES.map(({ key, label }): [string, (m: Month) => number] => [label, (m) => m[key]]),
          ['Total', (m) => h('strong', {}, String(m.total_messages))],
        ],
        [usage.current, ...usage.history],
        'No months.',
      ),
    ];
  },
};
