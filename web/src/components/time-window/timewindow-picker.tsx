import { Button, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, TimeIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_MAX_DATAPOINTS, maxDatapointsFrom } from '../interval-input/interval-constants';
import { POPOVER_TRANSITION_MS } from '../popover/popover';
import type { Timewindow } from './timewindow';
import { timewindowSummary } from './timewindow-messages';
import { TimewindowPanel } from './timewindow-panel';
import { isPickerDisabled, normaliseTimewindow } from './timewindow-rules';
import '../popover/popover.css';
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
  // The moment the panel opened; null while closed. Each opening starts a fresh draft.
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const value = normaliseTimewindow(props.value, { historyOnly, forAllTimeEnabled });
  const disabled = Boolean(props.disabled) || isPickerDisabled(value, { isEdit, aggregation });
  const summary = timewindowSummary(intl, value);

  const panel =
    openedAt === null ? (
      <span />
    ) : (
      <TimewindowPanel
        key={openedAt}
        initial={value}
        openedAt={openedAt}
        historyOnly={historyOnly}
        forAllTimeEnabled={forAllTimeEnabled}
        aggregation={aggregation}
        timezone={timezone}
        isEdit={isEdit}
        maxDatapoints={maxDatapoints}
        loading={loading}
        onApply={(timewindow) => {
          setOpenedAt(null);
          props.onChange(timewindow);
        }}
        onCancel={() => setOpenedAt(null)}
      />
    );

  return (
    <PopoverNext
      content={panel}
      isOpen={openedAt !== null}
      disabled={disabled}
      onInteraction={(nextOpen) => setOpenedAt(nextOpen ? Date.now() : null)}
      hasBackdrop
      placement="bottom-start"
      transitionDuration={POPOVER_TRANSITION_MS}
      portalClassName="popover-portal"
      popoverClassName="timewindow-picker__popover"
    >
      <Button className="timewindow-picker__button" icon={<TimeIcon />} endIcon={<CaretDownIcon />} text={summary} title={summary} disabled={disabled} />
    </PopoverNext>
  );
}
