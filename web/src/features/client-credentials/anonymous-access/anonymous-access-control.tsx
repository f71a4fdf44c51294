import { Button, Callout, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import { getGetAnonymousAccessQueryKey, useGetAnonymousAccess, useSaveAnonymousAccess } from '../../../api/generated/endpoints/mqtt-access/mqtt-access';
import { AnonymousAccessMode } from '../../../api/generated/model/anonymousAccessMode';
import { anonymousModeExplanations, anonymousModeLabels } from '../../../components/anonymous-access/anonymous-access-labels';
import { AnonymousAccessState } from '../../../components/anonymous-access/anonymous-access-state';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { showToast } from '../../../components/toast/toast-store';
import { useRefreshCredentialsQueries } from '../credentials/use-credentials-queries';
import { anonymousAccessSaveOf, anonymousRulesOf } from './anonymous-rules-form';
import { AnonymousRulesDialog } from './anonymous-rules-dialog';
import { AnonymousRulesSummary } from './anonymous-rules-summary';
import { ChangeAction } from '../../../components/roles/change-action';

const MODES = Object.values(AnonymousAccessMode);

/**
 * Anonymous access (README "Client access control"): whether clients matching no credentials may
 * connect, and the topics they may use then. AUTO (the default) allows them only while no
 * credentials exist. A change that closes access disconnects connected anonymous clients, so the
 * console asks first. The rules show in every mode, so that they can be set before access opens.
 */
export function AnonymousAccessControl() {
  const intl = useIntl();
  const refresh = useRefreshCredentialsQueries();
  const anonymous = useGetAnonymousAccess({ query: { queryKey: getGetAnonymousAccessQueryKey() } });
  const [pendingMode, setPendingMode] = useState<AnonymousAccessMode | null>(null);
  const [editingRules, setEditingRules] = useState(false);
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

  // The stored rules go with the mode: the broker reads lists left out as every topic.
  const saveMode = (mode: AnonymousAccessMode) => save.mutate({ data: anonymousAccessSaveOf(mode, anonymousRulesOf(current)) });
  const choose = (mode: AnonymousAccessMode) => {
    // Only REFUSED, or AUTO once credentials exist, can close access that is open now.
    if (current.allowed && mode !== 'ALLOWED') setPendingMode(mode);
    else saveMode(mode);
  };

  return (
    <Callout intent={current.allowed ? 'warning' : 'none'} className="client-access__anonymous" data-testid="anonymous-access">
      <div className="client-access__anonymous-row">
        <FormGroup inline label={<FormattedMessage id="anonymous-access.anonymous-access" />} labelFor="anonymous-access-mode" className="client-access__anonymous-mode">
          <ChangeAction>
            <HTMLSelect id="anonymous-access-mode" value={current.mode} disabled={save.isPending} onChange={(event) => choose(event.currentTarget.value as AnonymousAccessMode)}>
              {MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {intl.formatMessage({ id: anonymousModeLabels[mode] })}
                </option>
              ))}
            </HTMLSelect>
          </ChangeAction>
        </FormGroup>
        <AnonymousAccessState access={current} />
      </div>
      <FormattedMessage id={anonymousModeExplanations[current.mode]} />
      <div className="client-access__anonymous-row client-access__anonymous-rules-row">
        <AnonymousRulesSummary access={current} />
        <ChangeAction>
          <Button size="small" variant="outlined" icon={<EditIcon />} onClick={() => setEditingRules(true)} data-testid="anonymous-rules-edit">
            <FormattedMessage id="anonymous-access.rules-edit" />
          </Button>
        </ChangeAction>
      </div>
      <AnonymousRulesDialog access={current} isOpen={editingRules} onClose={() => setEditingRules(false)} />
      <ConfirmDialog
        isOpen={pendingMode !== null}
        title={<FormattedMessage id="anonymous-access.close-title" />}
        message={<FormattedMessage id="anonymous-access.close-text" />}
        okLabel={<FormattedMessage id="action.save" />}
        intent="warning"
        loading={save.isPending}
        onConfirm={() => pendingMode && saveMode(pendingMode)}
        onCancel={() => setPendingMode(null)}
      />
    </Callout>
  );
}
