import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FilterPanelForm } from '../../../components/form/filter-panel-form';
import { EMPTY_SESSION_FILTER, type SessionFilter } from './session-filter';
import { SessionFilterFields } from './session-filter-fields';
import { validateSessionFilter } from './session-filter-validation';

interface SessionFilterPanelProps {
  /** The filter in force (from the URL); the panel edits a copy until applied. */
  filter: SessionFilter;
  onApply: (filter: SessionFilter) => void;
  onClose: () => void;
}

/** The sessions filter, edited as a whole and applied at once, so the list is not asked again per tick. */
export function SessionFilterPanel({ filter, onApply, onClose }: SessionFilterPanelProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filter);
  const errors = validateSessionFilter(draft);
  return (
    <FilterPanelForm
      label={intl.formatMessage({ id: 'session.filter' })}
      className="session-filter"
      testIdPrefix="session-filter"
      resetLabel={<FormattedMessage id="session.reset-filter" />}
      // The search box is not part of the panel: resetting keeps it.
      onReset={() => setDraft({ ...EMPTY_SESSION_FILTER, clientId: draft.clientId })}
      onApply={() => {
        if (Object.keys(errors).length === 0) onApply(draft);
      }}
      onClose={onClose}
    >
      <SessionFilterFields filter={draft} errors={errors} onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))} />
    </FilterPanelForm>
  );
}
