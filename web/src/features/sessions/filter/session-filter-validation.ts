import type { SessionFilter } from './session-filter';

export type SessionFilterErrors = Partial<Record<'endTime' | 'disconnectedEndTime', 'session.range-end-before-start'>>;

/** A time range whose end lies before its start matches nothing: the panel says so instead of applying it. */
export function validateSessionFilter(filter: SessionFilter): SessionFilterErrors {
  const errors: SessionFilterErrors = {};
  const reversed = (start?: number, end?: number) => start !== undefined && end !== undefined && end < start;
  if (reversed(filter.startTime, filter.endTime)) errors.endTime = 'session.range-end-before-start';
  if (reversed(filter.disconnectedStartTime, filter.disconnectedEndTime)) errors.disconnectedEndTime = 'session.range-end-before-start';
  return errors;
}
