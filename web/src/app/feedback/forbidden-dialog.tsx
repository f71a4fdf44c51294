import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { onHttpError } from '../../api/http-events';
import { useAuth } from '../auth/auth-context';
import { useCloseOnNavigation } from '../../components/navigation/use-close-on-navigation';

const routeListeners = new Set<() => void>();

/** Spec section 4: the signed-in authority may not open the route it is on (route-access.ts). */
export function showForbiddenDialog(): void {
  for (const listener of routeListeners) listener();
}

/**
 * Spec sections 2, 4 and 8: a route the authority may not open, or a 403 answer (unless the call ignores errors) opens "access forbidden";
 * the user may cancel or sign in as someone else, which logs out.
 */
export function ForbiddenDialog() {
  const intl = useIntl();
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  useEffect(() => onHttpError((report) => report.kind === 'forbidden' && setOpen(true)), []);
  useEffect(() => {
    const show = () => setOpen(true);
    routeListeners.add(show);
    return () => {
      routeListeners.delete(show);
    };
  }, []);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigation(close);

  return (
    <Dialog isOpen={open} onClose={close} title={intl.formatMessage({ id: 'access.access-forbidden' })}>
      <DialogBody>
        <p>
          <FormattedMessage id="access.access-forbidden-text" />
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close} text={intl.formatMessage({ id: 'action.cancel' })} />
            <Button
              intent="primary"
              onClick={() => {
                close();
                logout();
              }}
              text={intl.formatMessage({ id: 'login.login' })}
              data-testid="forbidden-sign-in"
            />
          </>
        }
      />
    </Dialog>
  );
}
