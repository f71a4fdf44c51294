import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordInput } from '../../../../components/password-input/password-input';

interface PasswordPromptProps {
  isOpen: boolean;
  connectionName: string;
  /** The connection keeps a password that the broker does not show this session (signed in as its owner). */
  withheld?: boolean;
  onConnect: (password: string) => void;
  onClose: () => void;
}

/** Asks for the password a connection does not keep (EXISTING credentials, or "ask every time"), or keeps out of this session's sight. */
export function PasswordPrompt({ isOpen, connectionName, withheld = false, onConnect, onClose }: PasswordPromptProps) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConnect(password);
    setPassword('');
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={intl.formatMessage({ id: 'ws-client.password-prompt-title' }, { name: connectionName })}>
      <form onSubmit={submit}>
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>
            <FormattedMessage id={withheld ? 'ws-client.password-prompt-withheld' : 'ws-client.password-prompt-text'} />
          </p>
          <FormGroup label={intl.formatMessage({ id: 'common.password' })} labelFor="ws-connect-password">
            <PasswordInput id="ws-connect-password" autoFocus autoComplete="current-password" value={password} onValueChange={setPassword} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>
                <FormattedMessage id="action.cancel" />
              </Button>
              <Button type="submit" intent="primary" disabled={password === ''} data-testid="ws-password-connect">
                <FormattedMessage id="ws-client.connect" />
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
