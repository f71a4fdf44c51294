import { Tooltip } from '@blueprintjs/core';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useCanChange } from './account-role';
import './change-action.css';

/** Marks the controls a read-only account finds disabled, for the end-to-end check of every page. */
export const READ_ONLY_ACTION_ATTRIBUTE = 'data-read-only-action';

/**
 * One control that changes something (a button, menu item, switch…): as it is for an administrator;
 * disabled for a read-only account, with a tooltip saying why (openapi.yaml "Changes and roles").
 * The control keeps its place, so the page looks the same to both and the reason can be read.
 */
export function ChangeAction({ children }: { children: ReactElement<{ disabled?: boolean }> }) {
  const canChange = useCanChange();
  if (canChange) return children;
  return (
    <Tooltip content={<FormattedMessage id="role.read-only-action" />} placement="top">
      {/* A disabled button takes no pointer events: the wrapper shows the reason on hover and focus. */}
      <span className="change-action--read-only" tabIndex={0} {...{ [READ_ONLY_ACTION_ATTRIBUTE]: '' }}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}

/** What only an account that may change things sees (e.g. a dialog's save button, a bulk bar). */
export function ChangesOnly({ children }: { children: ReactNode }) {
  return useCanChange() ? children : null;
}

/**
 * A dialog's or form's fields, which a read-only account reads but cannot edit: every native control
 * inside a disabled fieldset is disabled (HTML's rule), whatever widget drew it.
 */
export function ReadOnlyFieldset({ children, className }: { children: ReactNode; className?: string }) {
  const canChange = useCanChange();
  return (
    <fieldset className={className ? `read-only-fieldset ${className}` : 'read-only-fieldset'} disabled={!canChange}>
      {children}
    </fieldset>
  );
}
