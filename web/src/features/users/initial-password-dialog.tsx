import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../../components/copy-button/copy-button';
import type { InitialPassword } from './initial-password';

/**
 * Shows a new user's one-time password to the administrator who created it, once: neither the
 * broker nor the console can show it again, and the user must change it at the first sign-in.
 */
export function InitialPasswordDialog({ shown, onClose }: { shown: InitialPassword | null; onClose: () => void }) {
  const intl = useIntl();
  const email = shown?.email ?? '';
  return (
    <Dialog isOpen={shown !== null} onClose={onClose} title={intl.formatMessage({ id: 'user.one-time-password-title' }, { email })}>
      <DialogBody>
        <Callout intent="warning" icon={null}>
          <FormattedMessage id="user.one-time-password-text" values={{ email }} />
        </Callout>
        <FormGroup label={<FormattedMessage id="user.one-time-password" />} labelFor="initial-password" className="users-page__initial-password">
          <InputGroup
            id="initial-password"
            readOnly
            value={shown?.password ?? ''}
            className="users-page__initial-password-value"
            onFocus={(event) => event.currentTarget.select()}
            rightElement={<CopyButton text={shown?.password ?? ''} />}
            data-testid="initial-password"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose} data-testid="initial-password-close">
            <FormattedMessage id="action.close" />
          </Button>
        }
      />
    </Dialog>
  );
}
