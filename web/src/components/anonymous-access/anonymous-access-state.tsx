import { Tag } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { AnonymousAccess } from '../../api/generated/model/anonymousAccess';
import { anonymousModeLabels } from './anonymous-access-labels';

/** Whether clients without credentials may connect now, and the mode that decides it (README "Client access control"). */
export function AnonymousAccessState({ access, showMode = false }: { access: AnonymousAccess; showMode?: boolean }) {
  return (
    <Tag intent={access.allowed ? 'warning' : 'success'} round data-testid="anonymous-access-state">
      <FormattedMessage id={access.allowed ? 'anonymous-access.open' : 'anonymous-access.closed'} />
      {showMode && (
        <>
          {' · '}
          <FormattedMessage id={anonymousModeLabels[access.mode]} />
        </>
      )}
    </Tag>
  );
}
