// Clock: the partner's own time, advanced to see what time does (a customer service window closing, a hosted
// session or a media id expiring, a trial ending, the month's usage moving into its history) without waiting,
// and reset to the server's. Only this partner's time moves.
import type { components } from '../../../sandbox/generated/openapi';
import { h, time } from '../dom';
import { OperationForm } from '../forms';
import { change, onPress, type PortalContext, type PortalPage } from '../page';
import { must } from '../session';

type Clock = components['schemas']['Clock'];

/** How far ahead, in days, hours, minutes and seconds (`1d 1h`); `not ahead` at zero. */
function aheadBy(seconds: number): string {
  if (seconds === 0) return 'not ahead';
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [['d', 86_400], ['h', 3_600], ['m', 60], ['s', 1]] as const) {
    if (rest >= size) parts.push(`${Math.floor(rest / size)}${unit}`);
    rest %= size;
  }
  return `${parts.join(' ')} ahead`;
}

const told = (clock: Clock) => `Your time is ${new Date(clock.now).toLocaleString()}, ${aheadBy(clock.offset_seconds)} of the server's.`;

function advanceForm(context: PortalContext): HTMLFormElement {
  const form = new OperationForm('sandboxAdvanceClock', { label: 'Advance the clock', submit: 'Advance' });
  return form.build([form.control('by', 'Advance by', { placeholder: '25h', hint: 'Days, hours, minutes, seconds: 25h, 31d, 1d12h, 90m.' })], async () => {
    await change(context, context.api.POST('/clock/advance', { body: { by: String(form.value('by')) } }), told);
  });
}

function resetButton(context: PortalContext): HTMLElement {
  const button = h('button', { type: 'button', class: 'secondary' }, "Reset to the server's time");
  return onPress(button, null, () => change(context, context.api.POST('/clock/reset', {}), told));
}

export const clockPage: PortalPage = {
  path: 'clock',
  title: 'Clock',
  intro: "Move your account's time forward to see what time does, without waiting. Other partners' time does not move.",
  async render(context) {
    const clock = await must(context.api.GET('/clock'));
    return [
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 'now-title' },
        h('h2', { id: 'now-title' }, 'Your time'),
        h('p', { class: 'big-figure', 'data-testid': 'partner-now' }, time(clock.now)),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Ahead'), h('dd', { 'data-testid': 'ahead' }, aheadBy(clock.offset_seconds)),
          h('dt', {}, "Server's time"), h('dd', {}, time(clock.server_now)),
        ),
        h('p', {}, 'Timestamps on every page and in your events are in your time. Advancing closes customer service windows, expires hosted sessions, media ids, keys and trials, frees deleted template names after 30 days, moves the month into your usage history, and runs the reviews and webhook attempts that come due.'),
        clock.offset_seconds > 0 ? h('div', { class: 'row-actions' }, resetButton(context)) : null,
      ),
      h('section', { class: 'panel', 'aria-labelledby': 'advance-title' }, h('h2', { id: 'advance-title' }, 'Advance'), advanceForm(context)),
    ];
  },
};
