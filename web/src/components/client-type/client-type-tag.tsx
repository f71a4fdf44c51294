import { DesktopIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ClientType } from '../../api/generated/model/clientType';
import { AnotherDevicesIcon } from './another-devices-icon';
import './client-type-tag.css';

interface ClientTypeLook {
  label: 'client-type.device' | 'client-type.application';
  /** Background and foreground colours (spec section 3), set in client-type-tag.css. */
  className: string;
  icon: ReactElement;
}

/** Spec section 3, client type: a label, background and foreground colours and an icon for each. */
export const clientTypeLooks: Record<ClientType, ClientTypeLook> = {
  DEVICE: { label: 'client-type.device', className: 'client-type-tag--device', icon: <AnotherDevicesIcon /> },
  APPLICATION: { label: 'client-type.application', className: 'client-type-tag--application', icon: <DesktopIcon /> },
};

/** A client type as the spec shows it: its icon and label on its colours. */
export function ClientTypeTag({ clientType }: { clientType: ClientType }) {
  const look = clientTypeLooks[clientType];
  return (
    <span className={`client-type-tag ${look.className}`} data-testid="client-type-tag">
      {look.icon}
      <FormattedMessage id={look.label} />
    </span>
  );
}
