import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/** A password field with a visibility toggle (spec section 1, shared widgets). */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <Button
      variant="minimal"
      icon={visible ? <EyeOffIcon /> : <EyeOpenIcon />}
      aria-label={intl.formatMessage({ id: visible ? 'login.hide-password' : 'login.show-password' })}
      aria-pressed={visible}
      onClick={() => setVisible((shown) => !shown)}
    />
  );
  return <InputGroup {...props} type={visible ? 'text' : 'password'} rightElement={toggle} />;
}
