import { Button, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, TimeIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_MAX_DATAPOINTS, maxDatapointsFrom } from '../../interval-input/interval-constants';
import { POPOVER_TRANSITION_MS } from '../../popover/popover';
import type { Timewindow } from '../model/timewindow';
import { timewindowSummary } from './timewindow-messages';
import { TimewindowPanel } from './timewindow-panel';
import { isPickerDisabled, normaliseTimewindow } from '../model/timewindow-rules';
import '../../popover/popover.css';
import './timewindow-picker.css';

export interface TimewindowPickerProps {
  value: Timewindow;
  /** Called on Update with the changed time window. */
  onChange(value: Timewindow): void;
  /** Only history: the realtime tab is not offered and the history tab is forced. */
  historyOnly?: boolean;
  /** Offers FOR_ALL_TIME among the history types. */
  forAllTimeEnabled?: boolean;
  /** Shows the aggregation part (type, NONE limit, aggregation interval). */
  aggregation?: boolean;
  /** Shows the time-zone select. */
  timezone?: boolean;
  /** The time window is being edited (a widget's settings): hidden parts show disabled, and the hide flags can be set. */
  isEdit?: boolean;
  /** The server's maximum datapoints (GET /api/dashboard/maxDatapointsLimit, see useMaxDatapoints); 500 when not given. */
  maxDatapoints?: number;
  disabled?: boolean;
  /** A query of the window is running: Update waits. */
  loading?: boolean;
}

/**
 * The time-window picker of spec sections 1, 4 and 9: a button naming the window opens a panel
 * (max 80vh high, scrolling) to change it; Update applies, Cancel, Escape or a click beside it discards.
 */
export function TimewindowPicker(props: TimewindowPickerProps) {
  const { historyOnly = false, forAllTimeEnabled = false, aggregation = false, timezone = false, isEdit = false, loading = false } = props;
  const intl = useIntl();
  const maxDatapoints = maxDatapointsFrom(props.maxDatapoints ?? DEFAULT_MAX_DATAPOINTS);
  // The last opening; a new one starts a fresh draft. The panel stays while it fades out.
  const [opening, setOpening] = useState<{ count: number; openedAt: number; isOpen: boolean } | null>(null);
  const value = normaliseTimewindow(props.value, { historyOnly, forAllTimeEnabled });
  const disabled = Boolean(props.disabled) || isPickerDisabled(value, { isEdit, aggregation });
  const summary = timewindowSummary(intl, value);
  const close = () => setOpening((current) => current && { ...current, isOpen: false });

  const panel =
    opening === null ? (
      <span />
    ) : (
      <TimewindowPanel
        key={opening.count}
        initial={value}
        openedAt={opening.openedAt}
        historyOnly={historyOnly}
        forAllTimeEnabled={forAllTimeEnabled}
        aggregation={aggregation}
        timezone={timezone}
        isEdit={isEdit}
        maxDatapoints={maxDatapoints}
        loading={loading}
        onApply={(timewindow) => {
          close();
          props.onChange(timewindow);
        }}
        onCancel={close}
      />
    );

  return (
    <PopoverNext
      content={panel}
      isOpen={opening?.isOpen === true}
      disabled={disabled}
      onInteraction={(nextOpen) => (nextOpen ? setOpening({ count: (opening?.count ?? 0) + 1, openedAt: Date.now(), isOpen: true }) : close())}
      hasBackdrop
      placement="bottom-start"
      transitionDuration={POPOVER_TRANSITION_MS}
      portalClassName="popover-portal"
    >
      <Button className="timewindow-picker__button" icon={<TimeIcon />} endIcon={<CaretDownIcon />} text={summary} title={summary} disabled={disabled} />
    </PopoverNext>
  );
}
