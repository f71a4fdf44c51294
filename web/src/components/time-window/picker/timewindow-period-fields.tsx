import { FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useId } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { CURRENT_QUICK_INTERVALS, isQuickInterval, QUICK_INTERVALS, type QuickInterval } from '../model/quick-intervals';
import { HISTORY_TYPES, type HistoryType, REALTIME_TYPES, type RealtimeType } from '../model/timewindow';
import type { DraftProblems, TimewindowDraft } from '../model/timewindow-draft';
import { PERIOD_TYPE_MESSAGES, QUICK_INTERVAL_MESSAGES } from './timewindow-messages';
import type { FixedTimewindowProblems, PartState, TimewindowParts } from '../model/timewindow-rules';
import { LastIntervalField } from './last-interval-field';
import { ZonedDateTimeInput } from './zoned-date-time-input';

const messages = {
  periodType: { id: 'timewindow.period-type' },
  quickInterval: { id: 'timewindow.quick-interval' },
  start: { id: 'timewindow.start' },
  end: { id: 'timewindow.end' },
  startRequired: { id: 'timewindow.start-required' },
  startNotBeforeEnd: { id: 'timewindow.start-not-before-end' },
  endRequired: { id: 'timewindow.end-required' },
  endNotAfterStart: { id: 'timewindow.end-not-after-start' },
  endAfterNow: { id: 'timewindow.end-after-now' },
} satisfies Record<string, MessageDescriptor>;

const FIXED_PROBLEM_MESSAGES = {
  start: { required: messages.startRequired, 'not-before-end': messages.startNotBeforeEnd },
  end: { required: messages.endRequired, 'not-after-start': messages.endNotAfterStart, 'after-now': messages.endAfterNow },
} satisfies { [Field in keyof FixedTimewindowProblems]-?: Record<NonNullable<FixedTimewindowProblems[Field]>, MessageDescriptor> };

type PeriodType = RealtimeType | HistoryType;

export interface TimewindowPeriodFieldsProps {
  draft: TimewindowDraft;
  parts: TimewindowParts;
  forAllTimeEnabled: boolean;
  problems: DraftProblems;
  onRealtimeChange(change: Partial<TimewindowDraft['realtime']>): void;
  onHistoryChange(change: Partial<TimewindowDraft['history']>): void;
  onFixedChange(edited: 'start' | 'end', timestamp: number | null): void;
}

/** The selected tab's period: its type (last interval, fixed, quick interval, all time) and that type's fields. */
export function TimewindowPeriodFields({ draft, parts, forAllTimeEnabled, problems, onRealtimeChange, onHistoryChange, onFixedChange }: TimewindowPeriodFieldsProps) {
  const intl = useIntl();
  const realtime = draft.selectedTab === 'REALTIME';
  const type: PeriodType = realtime ? draft.realtime.realtimeType : draft.history.historyType;
  // Spec section 4: the last-interval and quick-interval flags hide realtime's options.
  const stateOf = (option: PeriodType): PartState => {
    if (!realtime) return 'enabled';
    return option === 'LAST_INTERVAL' ? parts.lastInterval : parts.quickInterval;
  };
  const types: readonly PeriodType[] = realtime ? REALTIME_TYPES : HISTORY_TYPES.filter((option) => option !== 'FOR_ALL_TIME' || forAllTimeEnabled);
  const shownTypes = types.filter((option) => stateOf(option) !== 'hidden');
  const chooseType = (option: string) => (realtime ? onRealtimeChange({ realtimeType: option as RealtimeType }) : onHistoryChange({ historyType: option as HistoryType }));
  const period = realtime ? draft.realtime : draft.history;
  const change = realtime ? onRealtimeChange : onHistoryChange;

  return (
    <>
      {shownTypes.length > 1 && (
        <SegmentedControl
          className="timewindow-panel__types"
          aria-label={intl.formatMessage(messages.periodType)}
          size="small"
          fill
          options={shownTypes.map((option) => ({ value: option, label: intl.formatMessage(PERIOD_TYPE_MESSAGES[option]), disabled: stateOf(option) === 'disabled' }))}
          value={type}
          onValueChange={chooseType}
        />
      )}
      {type === 'LAST_INTERVAL' && stateOf(type) !== 'hidden' && (
        <LastIntervalField value={period.timewindowMs} onChange={(timewindowMs) => change({ timewindowMs })} disabled={stateOf(type) === 'disabled'} />
      )}
      {type === 'INTERVAL' && stateOf(type) !== 'hidden' && (
        <QuickIntervalSelect
          value={period.quickInterval}
          choices={realtime ? CURRENT_QUICK_INTERVALS : QUICK_INTERVALS}
          onChange={(quickInterval) => change({ quickInterval })}
          disabled={stateOf(type) === 'disabled'}
        />
      )}
      {type === 'FIXED' && <FixedPeriodFields draft={draft} problems={problems.fixed} onChange={onFixedChange} />}
    </>
  );
}

function QuickIntervalSelect(props: { value: QuickInterval; choices: readonly QuickInterval[]; onChange(value: QuickInterval): void; disabled: boolean }) {
  const { value, choices, onChange, disabled } = props;
  const intl = useIntl();
  const id = useId();
  return (
    <FormGroup label={intl.formatMessage(messages.quickInterval)} labelFor={id}>
      <HTMLSelect id={id} fill value={value} disabled={disabled} onChange={(event) => isQuickInterval(event.target.value) && onChange(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {intl.formatMessage(QUICK_INTERVAL_MESSAGES[choice])}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

function FixedPeriodFields(props: { draft: TimewindowDraft; problems: FixedTimewindowProblems; onChange(edited: 'start' | 'end', timestamp: number | null): void }) {
  const { draft, problems, onChange } = props;
  const intl = useIntl();
  const id = useId();
  const { startTimeMs, endTimeMs } = draft.history.fixedTimewindow;
  const startError = problems.start && intl.formatMessage(FIXED_PROBLEM_MESSAGES.start[problems.start]);
  const endError = problems.end && intl.formatMessage(FIXED_PROBLEM_MESSAGES.end[problems.end]);
  return (
    <div className="timewindow-panel__fixed">
      <FormGroup label={intl.formatMessage(messages.start)} labelFor={`${id}-start`} helperText={startError} intent={startError ? 'danger' : 'none'}>
        <ZonedDateTimeInput id={`${id}-start`} value={startTimeMs} timezone={draft.timezone} invalid={Boolean(startError)} onChange={(timestamp) => onChange('start', timestamp)} />
      </FormGroup>
      <FormGroup label={intl.formatMessage(messages.end)} labelFor={`${id}-end`} helperText={endError} intent={endError ? 'danger' : 'none'}>
        <ZonedDateTimeInput id={`${id}-end`} value={endTimeMs} timezone={draft.timezone} invalid={Boolean(endError)} onChange={(timestamp) => onChange('end', timestamp)} />
      </FormGroup>
    </div>
  );
}
