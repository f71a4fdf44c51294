import { Button, Card } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(errors).length > 0) return;
    onApply(draft);
  }

  return (
    <Card compact className="session-filter">
      <form onSubmit={apply} aria-label={intl.formatMessage({ id: 'session.filter' })} noValidate>
        <SessionFilterFields filter={draft} errors={errors} onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))} />
        <div className="session-filter__buttons">
          {/* The search box is not part of the panel: resetting keeps it. */}
          <Button variant="minimal" onClick={() => setDraft({ ...EMPTY_SESSION_FILTER, clientId: draft.clientId })} data-testid="session-filter-reset">
            <FormattedMessage id="session.reset-filter" />
          </Button>
          <Button variant="minimal" onClick={onClose}>
            <FormattedMessage id="action.cancel" />
          </Button>
          <Button type="submit" intent="primary" data-testid="session-filter-apply">
            <FormattedMessage id="action.apply" />
          </Button>
        </div>
      </form>
    </Card>
  );
}
