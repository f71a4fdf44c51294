import { Button, type ButtonProps, Drawer, DrawerSize } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCloseOnNavigation } from '../navigation/use-close-on-navigation';
import type { HelpId } from './help-ids';
import { HelpPage } from './help-page';
import './help-button.css';

export interface HelpButtonProps extends Pick<ButtonProps, 'size' | 'className'> {
  helpId: HelpId;
}

/**
 * Spec section 1, help button: opens the page's help in a drawer beside the page, which closes on Escape
 * its close button or navigation (spec section 2, dialogs).
 */
export function HelpButton({ helpId, ...buttonProps }: HelpButtonProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // The button lives in the toolbar, which stays while pages change: the drawer must not.
  useCloseOnNavigation(close);
  const label = intl.formatMessage({ id: 'help.open-help' });
  return (
    <>
      <Button
        {...buttonProps}
        variant="minimal"
        icon={<HelpIcon />}
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      />
      <Drawer
        isOpen={open}
        onClose={close}
        title={intl.formatMessage({ id: 'help.help' })}
        icon={<HelpIcon />}
        size={DrawerSize.STANDARD}
        canEscapeKeyClose
      >
        <div className="help-drawer__body">
          <HelpPage helpId={helpId} />
        </div>
      </Drawer>
    </>
  );
}
