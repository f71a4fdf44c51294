import { NonIdealState } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';

/** A page whose content is still being built: its title and a short note, nothing more. */
export function PagePlaceholder({ title, icon }: { title: MessageDescriptor; icon: ReactElement }) {
  return (
    <NonIdealState
      className="page-placeholder"
      icon={icon}
      title={<FormattedMessage {...title} />}
      description={<FormattedMessage id="common.page-being-built" />}
    />
  );
}
