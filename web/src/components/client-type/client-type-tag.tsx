import { Tag } from '@blueprintjs/core';
import { DesktopIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ClientType } from '../../api/generated/model/clientType';
import { AnotherDevicesIcon } from './another-devices-icon';
import './client-type-tag.css';

interface ClientTypeLook {
  label: 'client-type.device' | 'client-type.application';
  /** Its background and foreground colours (spec section 3), a theme's each: client-type-tag.css. */
  className: string;
  icon: ReactElement;
}

/** Spec section 3, client type: a label, a background colour, a foreground colour and an icon for each. */
export const CLIENT_TYPE_LOOKS: Record<ClientType, ClientTypeLook> = {
  DEVICE: { label: 'client-type.device', className: 'client-type-tag--device', icon: <AnotherDevicesIcon /> },
  APPLICATION: { label: 'client-type.application', className: 'client-type-tag--application', icon: <DesktopIcon /> },
};

/** A client type as a coloured badge with its icon. */
export function ClientTypeTag({ clientType }: { clientType: ClientType }) {
  const look = CLIENT_TYPE_LOOKS[clientType];
  return (
    <Tag round className={`client-type-tag ${look.className}`} icon={look.icon}>
      <FormattedMessage id={look.label} />
    </Tag>
  );
}
