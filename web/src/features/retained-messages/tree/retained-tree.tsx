import { Button, Classes, HTMLSelect, Spinner } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon, EyeOpenIcon, ListIcon, SortAscIcon, SortDescIcon, TrashIcon } from '@blueprintjs/icons';
import { type CSSProperties, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { getGetRetainedMessageBranchesQueryKey, useGetRetainedMessageBranches } from '../../../api/generated/endpoints/retained-message/retained-message';
import type { RetainedBranch } from '../../../api/generated/model/retainedBranch';
import type { RetainedBranchSortProperty } from '../../../api/generated/model/retainedBranchSortProperty';
import { DataSizeText } from '../../../components/format/data-size-text';
import { formatTimeAgo } from '../../../components/format/time-ago';
import type { SortState } from '../../../components/table/use-page-link';
import type { RetainedDeleteTarget } from '../delete/retained-delete';
import { RetainedDeleteDialog } from '../delete/retained-delete-dialog';
import { NoRetainedMessagesYet } from '../empty/retained-empty-state';
import { POLLING, QUIET } from '../use-retained-messages-list';
import { ChangeAction } from '../../../components/roles/change-action';

/** Levels listed at a time; "show more" adds as many again. */
export const LEVEL_PAGE_SIZE = 100;

const SORT_LABELS = {
  name: 'retained-message.tree-sort-name',
  retainedCount: 'retained-message.tree-sort-count',
  payloadSize: 'retained-message.tree-sort-size',
  newestTime: 'retained-message.tree-sort-newest',
} as const satisfies Record<RetainedBranchSortProperty, string>;

interface TreeActions {
  sort: SortState<RetainedBranchSortProperty>;
  expanded: ReadonlySet<string>;
  onToggle: (topic: string) => void;
  /** Lists the branch's messages (the list view with the filter `{topic}/#`). */
  onShowMessages: (topic: string) => void;
  /** Opens the retained message of exactly this topic. */
  onOpenMessage: (topic: string) => void;
  onDelete: (branch: RetainedBranch) => void;
}

const indentOf = (depth: number): CSSProperties => ({ '--tree-depth': depth }) as CSSProperties;

function BranchRow({ branch, depth, actions }: { branch: RetainedBranch; depth: number; actions: TreeActions }) {
  const intl = useIntl();
  const open = branch.hasChildren && actions.expanded.has(branch.topic);
  const name = branch.name === '' ? <span className={Classes.TEXT_MUTED}>{intl.formatMessage({ id: 'retained-message.empty-level' })}</span> : branch.name;
  const label = (id: 'retained-message.show-branch-messages' | 'retained-message.open-details' | 'retained-message.delete-branch' | 'retained-message.expand-branch' | 'retained-message.collapse-branch') =>
    intl.formatMessage({ id }, { topic: branch.topic });
  return (
    <div role="treeitem" aria-level={depth} aria-expanded={branch.hasChildren ? open : undefined} aria-label={branch.topic} data-testid="retained-branch">
      <div className="retained-tree__row" style={indentOf(depth)}>
        <span className="retained-tree__name" title={branch.topic}>
          {branch.hasChildren ? (
            <Button
              variant="minimal"
              size="small"
              icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
              aria-label={label(open ? 'retained-message.collapse-branch' : 'retained-message.expand-branch')}
              onClick={() => actions.onToggle(branch.topic)}
            />
          ) : (
            <span className="retained-tree__leaf" />
          )}
          <span className="retained-tree__label">{name}</span>
        </span>
        <span className="retained-tree__number" data-testid="retained-branch-count">
          <FormattedMessage id="retained-message.branch-count" values={{ count: branch.retainedCount, number: <FormattedNumber value={branch.retainedCount} /> }} />
        </span>
        <span className="retained-tree__number">
          <DataSizeText bytes={branch.payloadSize} />
        </span>
        <span className="retained-tree__newest" title={intl.formatDate(branch.newestTime, { dateStyle: 'medium', timeStyle: 'medium' })}>
          {formatTimeAgo(intl, branch.newestTime)}
        </span>
        <span className="retained-tree__actions">
          {branch.hasMessage && (
            <Button variant="minimal" size="small" icon={<EyeOpenIcon />} aria-label={label('retained-message.open-details')} title={label('retained-message.open-details')} onClick={() => actions.onOpenMessage(branch.topic)} />
          )}
          <Button
            variant="minimal"
            size="small"
            icon={<ListIcon />}
            aria-label={label('retained-message.show-branch-messages')}
            title={label('retained-message.show-branch-messages')}
            onClick={() => actions.onShowMessages(branch.topic)}
          />
          <ChangeAction>
            <Button variant="minimal" size="small" icon={<TrashIcon />} aria-label={label('retained-message.delete-branch')} title={label('retained-message.delete-branch')} onClick={() => actions.onDelete(branch)} />
          </ChangeAction>
        </span>
      </div>
      {open && (
        <div role="group">
          <TreeLevel branch={branch.topic} depth={depth + 1} actions={actions} />
        </div>
      )}
    </div>
  );
}

/** One level of the tree, asked for only once its parent is expanded. */
function TreeLevel({ branch, depth, actions }: { branch: string | undefined; depth: number; actions: TreeActions }) {
  const intl = useIntl();
  const [shown, setShown] = useState(LEVEL_PAGE_SIZE);
  const params = { branch, pageSize: shown, page: 0, sortProperty: actions.sort.property, sortOrder: actions.sort.order };
  const level = useGetRetainedMessageBranches(params, { query: { queryKey: getGetRetainedMessageBranchesQueryKey(params), ...POLLING }, request: QUIET });
  if (!level.data) return <Spinner size={16} className="retained-tree__loading" aria-label={intl.formatMessage({ id: 'common.loading' })} />;
  if (depth === 1 && level.data.totalElements === 0) return <NoRetainedMessagesYet />;
  const more = level.data.totalElements - level.data.data.length;
  return (
    <>
      {level.data.data.map((child) => (
        <BranchRow key={child.topic} branch={child} depth={depth} actions={actions} />
      ))}
      {more > 0 && (
        <div className="retained-tree__row" style={indentOf(depth)}>
          <Button variant="minimal" size="small" onClick={() => setShown((current) => current + LEVEL_PAGE_SIZE)}>
            <FormattedMessage id="retained-message.show-more-levels" values={{ count: Math.min(more, LEVEL_PAGE_SIZE), more }} />
          </Button>
        </div>
      )}
    </>
  );
}

interface RetainedTreeProps {
  onShowMessages: (topic: string) => void;
  onOpenMessage: (topic: string) => void;
}

/**
 * The retained messages as a topic tree (issue 14): per branch the number of retained messages,
 * their total payload size and the newest time, so that stale retained data shows where it piles
 * up. Levels load as they are expanded; a whole branch can be deleted after confirming its count.
 */
export function RetainedTree({ onShowMessages, onOpenMessage }: RetainedTreeProps) {
  const intl = useIntl();
  const [sort, setSort] = useState<SortState<RetainedBranchSortProperty>>({ property: 'name', order: 'ASC' });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<RetainedDeleteTarget | null>(null);
  const onToggle = (topic: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(topic)) next.add(topic);
      return next;
    });
  const actions: TreeActions = {
    sort,
    expanded,
    onToggle,
    onShowMessages,
    onOpenMessage,
    onDelete: (branch) => setTarget({ scope: 'branch', topic: branch.topic, count: branch.retainedCount }),
  };
  const ascending = sort.order === 'ASC';
  return (
    <div className="retained-tree">
      <div className="retained-tree__toolbar">
        <label htmlFor="retained-tree-sort">
          <FormattedMessage id="retained-message.tree-sort" />
        </label>
        <HTMLSelect
          id="retained-tree-sort"
          value={sort.property}
          onChange={(event) => setSort((current) => ({ ...current, property: event.target.value as RetainedBranchSortProperty }))}
        >
          {Object.entries(SORT_LABELS).map(([property, label]) => (
            <option key={property} value={property}>
              {intl.formatMessage({ id: label })}
            </option>
          ))}
        </HTMLSelect>
        <Button
          variant="minimal"
          icon={ascending ? <SortAscIcon /> : <SortDescIcon />}
          aria-label={intl.formatMessage({ id: ascending ? 'retained-message.tree-ascending' : 'retained-message.tree-descending' })}
          title={intl.formatMessage({ id: ascending ? 'retained-message.tree-ascending' : 'retained-message.tree-descending' })}
          onClick={() => setSort((current) => ({ ...current, order: current.order === 'ASC' ? 'DESC' : 'ASC' }))}
        />
      </div>
      <div className="retained-tree__header" style={indentOf(1)} aria-hidden>
        <span>
          <FormattedMessage id="retained-message.tree-sort-name" />
        </span>
        <span className="retained-tree__number">
          <FormattedMessage id="retained-message.tree-sort-count" />
        </span>
        <span className="retained-tree__number">
          <FormattedMessage id="retained-message.tree-sort-size" />
        </span>
        <span>
          <FormattedMessage id="retained-message.tree-sort-newest" />
        </span>
        <span />
      </div>
      <div role="tree" aria-label={intl.formatMessage({ id: 'retained-message.tree' })} className="retained-tree__levels">
        <TreeLevel branch={undefined} depth={1} actions={actions} />
      </div>
      <RetainedDeleteDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(done) => done.scope === 'branch' && setExpanded((current) => new Set([...current].filter((topic) => topic !== done.topic && !topic.startsWith(`${done.topic}/`))))}
      />
    </div>
  );
}
