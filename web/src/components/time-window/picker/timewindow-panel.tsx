import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { ToggleHeader } from '../../toggle-header/toggle-header';
import { HIDE_FLAGS, type Timewindow, type TimewindowHideFlag, type TimewindowTab } from '../model/timewindow';
import { TimewindowAggregationFields } from './timewindow-aggregation-fields';
import { draftProblems, draftRange, hasProblems, refitAggregationIntervals, sameDraft, type TimewindowDraft, timewindowOfDraft } from '../model/timewindow-draft';
import { TimewindowHideFlagsFields } from './timewindow-hide-flags-fields';
import { TimewindowPeriodFields } from './timewindow-period-fields';
import { clampFixedTimewindow, setHideFlag, timewindowParts, type PickerMode } from '../model/timewindow-rules';
import { TimezoneSelect } from './timezone-select';

const messages = {
  title: { id: 'timewindow.timewindow' },
  tabs: { id: 'timewindow.realtime-or-history' },
  realtime: { id: 'timewindow.realtime' },
  history: { id: 'timewindow.history' },
  update: { id: 'timewindow.update' },
  cancel: { id: 'action.cancel' },
} satisfies Record<string, MessageDescriptor>;

export interface TimewindowPanelProps extends PickerMode {
  /** The time window being changed, its modes already applied (normaliseTimewindow). */
  initial: Timewindow;
  /** When the panel opened: the first "now" of the fixed period's rules. */
  openedAt: number;
  historyOnly: boolean;
  forAllTimeEnabled: boolean;
  maxDatapoints: number;
  loading: boolean;
  onApply(timewindow: Timewindow): void;
  onCancel(): void;
}

interface PanelState {
  draft: TimewindowDraft;
  /** The moment of the last edit; the fixed period may not end after it. */
  now: number;
}

/** The picker's form (spec sections 4 and 5): Update needs a valid, changed window and no loading; Cancel discards. */
export function TimewindowPanel(props: TimewindowPanelProps) {
  const { initial, maxDatapoints, isEdit } = props;
  const intl = useIntl();
  // The window as the panel shows it: each tab's aggregation interval one its range offers.
  const [shown] = useState(() => refitAggregationIntervals(null, initial, props.openedAt, maxDatapoints));
  const [{ draft, now }, setState] = useState<PanelState>({ draft: shown, now: props.openedAt });
  const parts = timewindowParts(draft, props);
  const problems = draftProblems(draft, parts, now, maxDatapoints);
  const canUpdate = !hasProblems(problems) && !sameDraft(draft, shown) && !props.loading;

  const edit = (change: (current: TimewindowDraft, at: number) => TimewindowDraft) => {
    const at = Date.now();
    setState((current) => ({ draft: refitAggregationIntervals(current.draft, change(current.draft, at), at, maxDatapoints), now: at }));
  };
  const editRealtime = (change: Partial<TimewindowDraft['realtime']>) => edit((current) => ({ ...current, realtime: { ...current.realtime, ...change } }));
  const editHistory = (change: Partial<TimewindowDraft['history']>) => edit((current) => ({ ...current, history: { ...current.history, ...change } }));
  const editFixed = (edited: 'start' | 'end', timestamp: number | null) =>
    edit((current, at) => {
      const field = edited === 'start' ? 'startTimeMs' : 'endTimeMs';
      const fixedTimewindow = clampFixedTimewindow({ ...current.history.fixedTimewindow, [field]: timestamp }, edited, at);
      return { ...current, history: { ...current.history, fixedTimewindow } };
    });
  const editHideFlag = (flag: TimewindowHideFlag, hidden: boolean) => edit((current) => setHideFlag(current, flag, hidden));

  const tab = draft.selectedTab;
  const tabWindow = tab === 'REALTIME' ? draft.realtime : draft.history;
  const offeredFlags = HIDE_FLAGS.filter((flag) => {
    if (flag === 'hideTimezone') return props.timezone;
    return flag === 'hideAggregation' || flag === 'hideAggInterval' ? props.aggregation : true;
  });

  return (
    <div className="timewindow-panel" aria-label={intl.formatMessage(messages.title)} role="group">
      <div className="timewindow-panel__body">
        {parts.interval !== 'hidden' && (
          <fieldset className="timewindow-panel__part" disabled={parts.interval === 'disabled'}>
            {!props.historyOnly && (
              <ToggleHeader<TimewindowTab>
                ariaLabel={intl.formatMessage(messages.tabs)}
                options={[
                  { value: 'REALTIME', label: intl.formatMessage(messages.realtime) },
                  { value: 'HISTORY', label: intl.formatMessage(messages.history) },
                ]}
                value={tab}
                onChange={(selectedTab) => edit((current) => ({ ...current, selectedTab }))}
              />
            )}
            <TimewindowPeriodFields
              draft={draft}
              parts={parts}
              forAllTimeEnabled={props.forAllTimeEnabled}
              problems={problems}
              onRealtimeChange={editRealtime}
              onHistoryChange={editHistory}
              onFixedChange={editFixed}
            />
          </fieldset>
        )}
        <TimewindowAggregationFields
          type={draft.aggregation.type}
          limit={draft.aggregation.limit}
          limitProblem={problems.limit}
          interval={tabWindow.interval}
          rangeMs={draftRange(draft, tab, now)}
          maxDatapoints={maxDatapoints}
          aggregationState={parts.aggregation}
          intervalState={parts.aggregationInterval}
          onTypeChange={(type) => edit((current) => ({ ...current, aggregation: { ...current.aggregation, type } }))}
          onLimitChange={(limit) => edit((current) => ({ ...current, aggregation: { ...current.aggregation, limit } }))}
          onIntervalChange={(interval) => (tab === 'REALTIME' ? editRealtime({ interval }) : editHistory({ interval }))}
        />
        {parts.timezone !== 'hidden' && (
          <fieldset className="timewindow-panel__part" disabled={parts.timezone === 'disabled'}>
            <TimezoneSelect value={draft.timezone} onChange={(timezone) => edit((current) => ({ ...current, timezone }))} />
          </fieldset>
        )}
        {isEdit && <TimewindowHideFlagsFields flags={draft} offered={offeredFlags} onChange={editHideFlag} />}
      </div>
      <div className="timewindow-panel__footer">
        <Button text={intl.formatMessage(messages.cancel)} onClick={props.onCancel} />
        <Button intent="primary" text={intl.formatMessage(messages.update)} disabled={!canUpdate} onClick={() => props.onApply(timewindowOfDraft(draft, initial))} />
      </div>
    </div>
  );
}
