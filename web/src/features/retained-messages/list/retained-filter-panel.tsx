import { Button, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateTimeInput } from '../../../components/form/date-time-input';
import { FilterChoiceList } from '../../../components/form/filter-choice-list';
import { EMPTY_RETAINED_FILTER, QOS_LEVELS, type RetainedFilter } from '../retained-filter';

interface RetainedFilterPanelProps {
  /** The filter in force (from the URL); the panel edits a copy until applied. */
  filter: RetainedFilter;
  onApply: (filter: RetainedFilter) => void;
  onClose: () => void;
}

/** QoS, payload text and the time range, edited as a whole and applied at once. */
export function RetainedFilterPanel({ filter, onApply, onClose }: RetainedFilterPanelProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filter);
  const change = (changes: Partial<RetainedFilter>) => setDraft((current) => ({ ...current, ...changes }));
  // A range whose end lies before its start matches nothing: the panel says so instead of applying it.
  const reversed = draft.startTime !== undefined && draft.endTime !== undefined && draft.endTime < draft.startTime;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reversed) onApply(draft);
  }

  return (
    <Card compact className="retained-filter">
      <form onSubmit={apply} aria-label={intl.formatMessage({ id: 'retained-message.filter' })} noValidate>
        <div className="retained-filter__fields">
          <FilterChoiceList
            label={<FormattedMessage id="retained-message.qos" />}
            choices={QOS_LEVELS.map((qos) => ({ value: qos, label: String(qos) }))}
            selected={draft.qosList}
            onChange={(qosList) => change({ qosList: [...qosList].sort() })}
          />
          <FormGroup label={<FormattedMessage id="retained-message.payload-contains" />} labelFor="retained-filter-payload">
            <InputGroup id="retained-filter-payload" value={draft.payload} onValueChange={(payload) => change({ payload })} />
          </FormGroup>
          <FormGroup
            label={<FormattedMessage id="retained-message.updated-between" />}
            helperText={reversed && <FormattedMessage id="retained-message.range-end-before-start" />}
            intent={reversed ? 'danger' : 'none'}
          >
            <div className="retained-filter__range">
              <DateTimeInput
                id="retained-filter-start"
                aria-label={intl.formatMessage({ id: 'retained-message.range-from' })}
                value={draft.startTime}
                onChange={(startTime) => change({ startTime })}
              />
              <DateTimeInput
                id="retained-filter-end"
                aria-label={intl.formatMessage({ id: 'retained-message.range-to' })}
                value={draft.endTime}
                invalid={reversed}
                onChange={(endTime) => change({ endTime })}
              />
            </div>
          </FormGroup>
        </div>
        <div className="retained-filter__buttons">
          {/* The search boxes are not part of the panel: resetting keeps them. */}
          <Button variant="minimal" onClick={() => setDraft({ ...EMPTY_RETAINED_FILTER, textSearch: draft.textSearch, topicFilter: draft.topicFilter })}>
            <FormattedMessage id="retained-message.reset-filter" />
          </Button>
          <Button variant="minimal" onClick={onClose}>
            <FormattedMessage id="action.cancel" />
          </Button>
          <Button type="submit" intent="primary" data-testid="retained-filter-apply">
            <FormattedMessage id="action.apply" />
          </Button>
        </div>
      </form>
    </Card>
  );
}
