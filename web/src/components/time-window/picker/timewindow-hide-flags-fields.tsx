import { Checkbox } from '@blueprintjs/core';
import { type MessageDescriptor, useIntl } from 'react-intl';
import type { TimewindowHideFlag, TimewindowHideFlags } from '../model/timewindow';

const messages = {
  title: { id: 'timewindow.hidden-from-users' },
} satisfies Record<string, MessageDescriptor>;

const FLAG_MESSAGES = {
  hideInterval: { id: 'timewindow.hide-interval' },
  hideLastInterval: { id: 'timewindow.hide-last-interval' },
  hideQuickInterval: { id: 'timewindow.hide-quick-interval' },
  hideAggregation: { id: 'timewindow.hide-aggregation' },
  hideAggInterval: { id: 'timewindow.hide-aggregation-interval' },
  hideTimezone: { id: 'timewindow.hide-timezone' },
} satisfies Record<TimewindowHideFlag, MessageDescriptor>;

export interface TimewindowHideFlagsFieldsProps {
  flags: TimewindowHideFlags;
  /** The flags of parts the picker offers. */
  offered: readonly TimewindowHideFlag[];
  onChange(flag: TimewindowHideFlag, hidden: boolean): void;
}

/** While a time window is edited (a widget's settings): which parts its users do not see (spec section 4). */
export function TimewindowHideFlagsFields({ flags, offered, onChange }: TimewindowHideFlagsFieldsProps) {
  const intl = useIntl();
  return (
    <fieldset className="timewindow-panel__part timewindow-panel__hide-flags">
      <legend className="timewindow-panel__legend">{intl.formatMessage(messages.title)}</legend>
      {offered.map((flag) => (
        <Checkbox key={flag} label={intl.formatMessage(FLAG_MESSAGES[flag])} checked={flags[flag]} onChange={(event) => onChange(flag, event.currentTarget.checked)} />
      ))}
    </fieldset>
  );
}
