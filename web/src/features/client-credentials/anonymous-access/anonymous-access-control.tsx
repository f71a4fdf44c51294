import { Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetAnonymousAccessQueryKey, useGetAnonymousAccess, useSaveAnonymousAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import { AnonymousAccessMode } from '../../../api/generated/model/anonymousAccessMode';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../components/toast/toast-store';
import { useRefreshCredentialsQueries } from '../credentials/use-credentials-queries';
import { anonymousModeExplanations, anonymousModeLabels } from '../../../components/anonymous-access/anonymous-access-labels';
import { AnonymousAccessState } from '../../../components/anonymous-access/anonymous-access-state';

const MODES = Object.values(AnonymousAccessMode);

/**
 * Anonymous access (README "Client access control"): whether clients matching no credentials may
 * connect. AUTO (the default) allows them only while no credentials exist. A change that closes
 * access disconnects connected anonymous clients, so the console asks first.
 */
export function AnonymousAccessControl() {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  const anonymous = useGetAnonymousAccess({ query: { queryKey: getGetAnonymousAccessQueryKey() } });
  const [pendingMode, setPendingMode] = useState<AnonymousAccessMode | null>(null);
  const save = useSaveAnonymousAccess<ApiError>({
    mutation: {
      onSuccess: () => {
        showToast({ message: intl.formatMessage({ id: 'anonymous-access.saved' }), type: 'success' });
        refresh();
      },
      onSettled: () => setPendingMode(null),
    },
  });
  const current = anonymous.data;
  if (!current) return null;

  const choose = (mode: AnonymousAccessMode) => {
    // Only REFUSED, or AUTO once credentials exist, can close access that is open now.
    if (current.allowed && mode !== 'ALLOWED') setPendingMode(mode);
    else save.mutate({ data: { mode } });
  };

  return (
    <Callout intent={current.allowed ? 'warning' : 'none'} className="client-access__anonymous" data-testid="anonymous-access">
      <div className="client-access__anonymous-row">
        <FormGroup inline label={<FormattedMessage id="anonymous-access.anonymous-access" />} labelFor="anonymous-access-mode" className="client-access__anonymous-mode">
          <HTMLSelect id="anonymous-access-mode" value={current.mode} disabled={save.isPending} onChange={(event) => choose(event.currentTarget.value as AnonymousAccessMode)}>
            {MODES.map((mode) => (
              <option key={mode} value={mode}>
                {intl.formatMessage({ id: anonymousModeLabels[mode] })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <AnonymousAccessState access={current} />
      </div>
      <FormattedMessage id={anonymousModeExplanations[current.mode]} />
      <ConfirmDialog
        isOpen={pendingMode !== null}
        title={<FormattedMessage id="anonymous-access.close-title" />}
        message={<FormattedMessage id="anonymous-access.close-text" />}
        okLabel={<FormattedMessage id="action.save" />}
        intent="warning"
        loading={save.isPending}
        onConfirm={() => pendingMode && save.mutate({ data: { mode: pendingMode } })}
        onCancel={() => setPendingMode(null)}
      />
    </Callout>
  );
}
