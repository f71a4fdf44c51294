import { Tag } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import type { AnonymousAccess } from '../../api/generated/model/anonymousAccess';
import { anonymousModeLabels } from './anonymous-access-labels';
import { anonymousTopicsRestricted } from './anonymous-access-rules';
import './anonymous-access-state.css';

/**
 * Whether clients without credentials may connect now, the mode that decides it, and whether
 * their topic rules hold them to some topics (README "Client access control"). Rules of closed
 * access restrict no one, so only open access says so.
 */
export function AnonymousAccessState({ access, showMode = false }: { access: AnonymousAccess; showMode?: boolean }) {
  return (
    <span className="anonymous-access-state">
      <Tag intent={access.allowed ? 'warning' : 'success'} round data-testid="anonymous-access-state">
        <FormattedMessage id={access.allowed ? 'anonymous-access.open' : 'anonymous-access.closed'} />
        {showMode && (
          <>
            {' · '}
            <FormattedMessage id={anonymousModeLabels[access.mode]} />
          </>
        )}
      </Tag>
      {access.allowed && anonymousTopicsRestricted(access) && (
        <Tag intent="primary" minimal round data-testid="anonymous-access-restricted">
          <FormattedMessage id="anonymous-access.restricted" />
        </Tag>
      )}
    </span>
  );
}
