import { Callout, Classes, Dialog, DialogBody, H5, HTMLTable } from '@blueprintjs/core';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { AuditLog } from '../../api/generated/model/auditLog';
import { type FieldRow, FieldRows } from '../../components/details/field-rows';
import { pageHelpIds } from '../../components/help/help-ids';
import { TitleWithHelp } from '../../components/help/title-with-help';
import { JsonTree } from '../../components/payload-viewer/json-tree';
import { actionTypeLabels, entityTypeLabels } from './audit-log-labels';
import { ActionStatusTag } from './audit-log-table';
import '../../components/payload-viewer/payload-viewer.css';

/** An update's change as the broker records it (openapi.yaml AuditLog.actionData): the item before and after. */
function beforeAndAfter(data: AuditLog['actionData']): { before: unknown; after: unknown } | null {
  return 'before' in data && 'after' in data ? { before: data.before, after: data.after } : null;
}

/** What the call changed: before and after side by side for an update, the recorded data as JSON otherwise. */
function ActionData({ data }: { data: AuditLog['actionData'] }) {
  const change = beforeAndAfter(data);
  if (change) {
    const rest = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'before' && key !== 'after'));
    return (
      <>
        <div className="audit-log-details__change">
          <section data-testid="audit-log-before">
            <H5>
              <FormattedMessage id="audit-log.before" />
            </H5>
            <JsonTree value={change.before} />
          </section>
          <section data-testid="audit-log-after">
            <H5>
              <FormattedMessage id="audit-log.after" />
            </H5>
            <JsonTree value={change.after} />
          </section>
        </div>
        {Object.keys(rest).length > 0 && <JsonTree value={rest} />}
      </>
    );
  }
  if (Object.keys(data).length === 0) {
    return (
      <p className={Classes.TEXT_MUTED}>
        <FormattedMessage id="audit-log.no-action-data" />
      </p>
    );
  }
  return <JsonTree value={data} />;
}

function EntryDetails({ entry }: { entry: AuditLog }) {
  const intl = useIntl();
  const rows: FieldRow[] = [
    ['audit-log.created-time', <FormattedDate value={entry.createdTime} dateStyle="full" timeStyle="long" />],
    ['audit-log.user', entry.userName],
    ['audit-log.user-id', entry.userId],
    ['audit-log.address', entry.address],
    ['audit-log.action-type', <FormattedMessage {...actionTypeLabels[entry.actionType]} />],
    ['audit-log.action-status', <ActionStatusTag status={entry.actionStatus} />],
    ['audit-log.entity-type', <FormattedMessage {...entityTypeLabels[entry.entityType]} />],
    ['audit-log.entity-name', entry.entityName],
    ['audit-log.entity-id', entry.entityId],
    ['audit-log.entry-id', entry.id],
  ];
  return (
    <DialogBody className="audit-log-details" data-testid="audit-log-details">
      {entry.actionFailureDetails !== undefined && (
        <Callout intent="danger" compact title={intl.formatMessage({ id: 'audit-log.failure-details' })} className="audit-log-details__failure">
          {entry.actionFailureDetails}
        </Callout>
      )}
      <HTMLTable compact className="audit-log-details__fields">
        <tbody>
          {/* Absent fields (no user id for an unknown e-mail, no entity for a sign-in) are left out. */}
          <FieldRows rows={rows.filter(([, value]) => value !== undefined && value !== '')} />
        </tbody>
      </HTMLTable>
      <H5 className="audit-log-details__data-title">
        <FormattedMessage id="audit-log.action-data" />
      </H5>
      <ActionData data={entry.actionData} />
    </DialogBody>
  );
}

/** One audit-log entry with every field the broker recorded. */
export function AuditLogDetailsDialog({ entry, onClose }: { entry: AuditLog | null; onClose: () => void }) {
  const intl = useIntl();
  const title = <TitleWithHelp helpId={pageHelpIds.auditLog}>{intl.formatMessage({ id: 'audit-log.details' })}</TitleWithHelp>;
  return (
    <Dialog isOpen={entry !== null} onClose={onClose} title={title} className="audit-log-details__dialog">
      {entry && <EntryDetails entry={entry} />}
    </Dialog>
  );
}
