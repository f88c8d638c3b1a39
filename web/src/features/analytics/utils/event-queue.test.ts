import { describe, expect, it } from 'vitest';
import { PLUGIN_WAIT_MS } from './analytics-plan';
import { EventQueue } from './event-queue';

const click = { name: 'click', properties: {} };

describe('EventQueue', () => {
  it.each<[string, Array<[number, boolean]>, string, number]>([
    ['waits while the plugin loads', [[3_000, false], [6_000, false]], 'waiting', 0],
    ['hands events over once ready', [[3_000, false], [6_000, true]], 'ready', 1],
    ['gives up after the plugin wait', [[3_000, false], [PLUGIN_WAIT_MS, false], [PLUGIN_WAIT_MS + 3_000, true]], 'gave-up', 0],
  ])('%s', (_, drains, finalState, sent) => {
    const queue = new EventQueue(0, PLUGIN_WAIT_MS);
    queue.push(click);
    const delivered: unknown[] = [];
    let state = '';
    for (const [now, ready] of drains) state = queue.drain(now, ready, (event) => delivered.push(event));
    expect(state).toBe(finalState);
    expect(delivered).toHaveLength(sent);
  });

  it('drops events pushed after giving up', () => {
    const queue = new EventQueue(0, 10);
    queue.drain(10, false, () => undefined);
    queue.push(click);
    expect(queue.size).toBe(0);
  });
});
