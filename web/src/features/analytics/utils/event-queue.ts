import type { AnalyticsEvent } from './analytics-plan';

export type QueueState = 'waiting' | 'ready' | 'gave-up';

/**
 * Events tracked before the analytics plugin has loaded wait here; `drain` (called
 * every QUEUE_DRAIN_MS) hands them over once the plugin is ready, or drops them if it
 * has not loaded within `waitMs` of the queue's start.
 */
export class EventQueue {
  private events: AnalyticsEvent[] = [];
  private state: QueueState = 'waiting';

  constructor(
    private readonly startedAt: number,
    private readonly waitMs: number,
  ) {}

  push(event: AnalyticsEvent): void {
    if (this.state !== 'gave-up') this.events.push(event);
  }

  drain(now: number, pluginReady: boolean, send: (event: AnalyticsEvent) => void): QueueState {
    if (this.state === 'gave-up') return this.state;
    if (pluginReady) {
      this.state = 'ready';
      const pending = this.events;
      this.events = [];
      pending.forEach(send);
    } else if (now - this.startedAt >= this.waitMs) {
      this.state = 'gave-up';
      this.events = [];
    }
    return this.state;
  }

  get size(): number {
    return this.events.length;
  }
}
