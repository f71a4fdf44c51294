import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getGetAdminUsersQueryKey, useGetAdminUsers } from '../../api/generated/endpoints/admin/admin';
import type { AuditLogActionStatus } from '../../api/generated/model/auditLogActionStatus';
import { FilterChoiceList } from '../../components/form/filter-choice-list';
import { FilterPanelForm } from '../../components/form/filter-panel-form';
import { EMPTY_AUDIT_LOG_FILTER, type AuditLogFilter } from './audit-log-filter';
import { ACTION_STATUSES, ACTION_TYPES, actionStatusLabels, actionTypeLabels, ENTITY_TYPES, entityTypeLabels } from './audit-log-labels';

/** The users offered: the broker pages its list at 100 at most per call, which covers a console's team. */
const USERS_PARAMS = { pageSize: 100, page: 0, sortProperty: 'email', sortOrder: 'ASC' } as const;

interface AuditLogFilterPanelProps {
  /** The filter in force; the panel edits a copy until applied. */
  filter: AuditLogFilter;
  onApply: (filter: AuditLogFilter) => void;
  onClose: () => void;
}

/** The audit log's filter: user, entity types, action types and status, applied at once. */
export function AuditLogFilterPanel({ filter, onApply, onClose }: AuditLogFilterPanelProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filter);
  const users = useGetAdminUsers(USERS_PARAMS, { query: { queryKey: getGetAdminUsersQueryKey(USERS_PARAMS), staleTime: 60_000 }, request: { ignoreLoading: true } });
  const change = (changes: Partial<AuditLogFilter>) => setDraft((current) => ({ ...current, ...changes }));
  const anyLabel = intl.formatMessage({ id: 'audit-log.any' });
  return (
    <FilterPanelForm
      label={intl.formatMessage({ id: 'audit-log.filter' })}
      className="audit-log-filter"
      testIdPrefix="audit-log-filter"
      resetLabel={<FormattedMessage id="audit-log.reset-filter" />}
      onReset={() => setDraft(EMPTY_AUDIT_LOG_FILTER)}
      onApply={() => onApply(draft)}
      onClose={onClose}
    >
      <div className="audit-log-filter__selects">
        <FormGroup label={<FormattedMessage id="audit-log.user" />} labelFor="audit-log-filter-user">
          <HTMLSelect id="audit-log-filter-user" value={draft.userId ?? ''} onChange={(event) => change({ userId: event.currentTarget.value || null })}>
            <option value="">{anyLabel}</option>
            {users.data?.data.map((user) => (
              <option key={user.id} value={user.id}>
                {user.email}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={<FormattedMessage id="audit-log.action-status" />} labelFor="audit-log-filter-status">
          <HTMLSelect
            id="audit-log-filter-status"
            value={draft.actionStatus ?? ''}
            onChange={(event) => change({ actionStatus: (event.currentTarget.value || null) as AuditLogActionStatus | null })}
          >
            <option value="">{anyLabel}</option>
            {ACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {intl.formatMessage(actionStatusLabels[status])}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <FilterChoiceList
        className="audit-log-filter__choices"
        label={<FormattedMessage id="audit-log.entity-type" />}
        choices={ENTITY_TYPES.map((type) => ({ value: type, label: intl.formatMessage(entityTypeLabels[type]) }))}
        selected={draft.entityTypes}
        onChange={(entityTypes) => change({ entityTypes })}
      />
      <FilterChoiceList
        className="audit-log-filter__choices"
        label={<FormattedMessage id="audit-log.action-type" />}
        choices={ACTION_TYPES.map((type) => ({ value: type, label: intl.formatMessage(actionTypeLabels[type]) }))}
        selected={draft.actionTypes}
        onChange={(actionTypes) => change({ actionTypes })}
      />
    </FilterPanelForm>
  );
}
