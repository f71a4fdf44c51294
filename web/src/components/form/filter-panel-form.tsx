import { Button, Card } from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import './filter-panel-form.css';

interface FilterPanelFormProps {
  /** The form's accessible name. */
  label: string;
  className: string;
  /** Prefix of the buttons' test ids: `<prefix>-reset`, `<prefix>-apply`. */
  testIdPrefix: string;
  resetLabel: ReactNode;
  /** Applies the draft; the caller refuses it while a field is wrong. */
  onApply: () => void;
  onReset: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A list's filter panel: its fields, edited as a whole and applied at once, then reset, cancel and apply. */
export function FilterPanelForm({ label, className, testIdPrefix, resetLabel, onApply, onReset, onClose, children }: FilterPanelFormProps) {
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply();
  }
  return (
    <Card compact className={`filter-panel-form ${className}`}>
      <form onSubmit={apply} aria-label={label} noValidate>
        {children}
        <div className="filter-panel-form__buttons">
          <Button variant="minimal" onClick={onReset} data-testid={`${testIdPrefix}-reset`}>
            {resetLabel}
          </Button>
          <Button variant="minimal" onClick={onClose}>
            <FormattedMessage id="action.cancel" />
          </Button>
          <Button type="submit" intent="primary" data-testid={`${testIdPrefix}-apply`}>
            <FormattedMessage id="action.apply" />
          </Button>
        </div>
      </form>
    </Card>
  );
}
