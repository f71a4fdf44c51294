import { Button, Callout, Classes, Tag } from '@blueprintjs/core';
import { CaretDownIcon, CaretRightIcon, TimelineLineChartIcon } from '@blueprintjs/icons';
import { memo, useMemo, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { previewOf } from '../messages/message-row';
import type { WsMessage } from '../messages/ws-message';
import { useFrameVersion } from '../session/use-session';
import type { TopicNode, TopicTree } from './topic-tree';

/** Rows the tree shows at most; the counts still cover everything. */
const MAX_ROWS = 300;

interface Row {
  node: TopicNode;
  depth: number;
}

/** The rows to show: the top levels, and the children of each unfolded level, in name order. */
function visibleRows(root: TopicNode, unfolded: ReadonlySet<string>): { rows: Row[]; more: boolean } {
  const rows: Row[] = [];
  const visit = (parent: TopicNode, depth: number): boolean => {
    const children = [...parent.children.values()].sort((a, b) => a.level.localeCompare(b.level));
    for (const child of children) {
      if (rows.length >= MAX_ROWS) return true;
      rows.push({ node: child, depth });
      if (unfolded.has(child.topic) && visit(child, depth + 1)) return true;
    }
    return false;
  };
  const more = visit(root, 0);
  return { rows, more };
}

interface TopicRowProps {
  node: TopicNode;
  depth: number;
  /** Passed apart from the node (which changes in place) so that unchanged rows skip rendering. */
  messageCount: number;
  last: WsMessage | undefined;
  hasChildren: boolean;
  unfolded: boolean;
  onToggle: (topic: string) => void;
  onChart: (topic: string) => void;
}

const TopicRow = memo(function TopicRow({ node, depth, messageCount, last, hasChildren, unfolded, onToggle, onChart }: TopicRowProps) {
  const intl = useIntl();
  const preview = useMemo(() => (last ? previewOf(last).text : ''), [last]);
  return (
    <div className="ws-topic-tree__row" style={{ paddingLeft: depth * 16 }} data-testid="ws-topic-tree-row">
      {hasChildren ? (
        <Button
          variant="minimal"
          size="small"
          icon={unfolded ? <CaretDownIcon /> : <CaretRightIcon />}
          aria-label={intl.formatMessage({ id: unfolded ? 'ws-client.tree-fold' : 'ws-client.tree-unfold' }, { topic: node.topic })}
          aria-expanded={unfolded}
          onClick={() => onToggle(node.topic)}
        />
      ) : (
        <span className="ws-topic-tree__leaf" />
      )}
      <span className="ws-topic-tree__level" title={node.topic}>
        {node.level === '' ? <span className={Classes.TEXT_MUTED}>∅</span> : node.level}
      </span>
      {/* multiline: an ellipsizing Tag measures its width after every render, a forced layout per count change. */}
      <Tag minimal round multiline>
        <FormattedNumber value={messageCount} />
      </Tag>
      {last?.retain && (
        <Tag minimal round multiline intent="primary">
          <FormattedMessage id="ws-client.message-retained" />
        </Tag>
      )}
      <span className={`ws-topic-tree__value ${Classes.MONOSPACE_TEXT}`}>{preview}</span>
      {last && (
        <Button
          variant="minimal"
          size="small"
          icon={<TimelineLineChartIcon />}
          aria-label={intl.formatMessage({ id: 'ws-client.chart-topic' }, { topic: node.topic })}
          title={intl.formatMessage({ id: 'ws-client.chart-topic' }, { topic: node.topic })}
          onClick={() => onChart(node.topic)}
        />
      )}
    </div>
  );
});

/** The topics this connection has seen, level by level, with counts, the latest value and its retain flag. */
export function TopicTreeView({ tree, onChart }: { tree: TopicTree; onChart: (topic: string) => void }) {
  useFrameVersion(tree);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (topic: string) =>
    setUnfolded((current) => {
      const next = new Set(current);
      if (!next.delete(topic)) next.add(topic);
      return next;
    });
  const { rows, more } = visibleRows(tree.root, unfolded);
  const capped = tree.capped;
  return (
    <div className="ws-topic-tree" data-testid="ws-topic-tree">
      {capped && (
        <Callout intent="warning" compact>
          <FormattedMessage id="ws-client.tree-capped" values={{ topics: capped.topics, messages: capped.uncountedMessages }} />
        </Callout>
      )}
      {rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="ws-client.tree-empty" />
        </p>
      ) : (
        rows.map(({ node, depth }) => (
          <TopicRow
            key={node.topic}
            node={node}
            depth={depth}
            messageCount={node.messageCount}
            last={node.last}
            hasChildren={node.children.size > 0}
            unfolded={unfolded.has(node.topic)}
            onToggle={toggle}
            onChart={onChart}
          />
        ))
      )}
      {more && (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="ws-client.tree-more-rows" values={{ rows: MAX_ROWS }} />
        </p>
      )}
    </div>
  );
}
