import { Classes, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { FilterChoiceList } from '../../../components/form/filter-choice-list';
import { isTopicFilterText, type MessageFilter } from './message-filter';

interface MessageFilterBarProps {
  filter: MessageFilter;
  onChange: (filter: MessageFilter) => void;
}

/**
 * Spec section 3, message filter: type, topic (text, or a topic filter with + and #), QoS list and
 * retain list. Memoised: the order button and the details drawer re-render the panel, not the filter.
 */
export const MessageFilterBar = memo(function MessageFilterBar({ filter, onChange }: MessageFilterBarProps) {
  const intl = useIntl();
  const topicLabel = intl.formatMessage({ id: 'ws-client.filter-topic' });
  const asFilter = isTopicFilterText(filter.topic.trim());
  return (
    <div className="ws-message-filter" data-testid="ws-message-filter">
      <SegmentedControl
        size="small"
        aria-label={intl.formatMessage({ id: 'ws-client.filter-type' })}
        value={filter.type}
        onValueChange={(type) => onChange({ ...filter, type: type as MessageFilter['type'] })}
        options={[
          { value: 'ALL', label: intl.formatMessage({ id: 'ws-client.filter-all' }) },
          { value: 'RECEIVED', label: intl.formatMessage({ id: 'ws-client.filter-received' }) },
          { value: 'PUBLISHED', label: intl.formatMessage({ id: 'ws-client.filter-published' }) },
        ]}
      />
      <div className="ws-message-filter__topic">
        <InputGroup
          size="small"
          type="search"
          leftIcon={<FilterIcon />}
          placeholder={topicLabel}
          aria-label={topicLabel}
          value={filter.topic}
          onValueChange={(topic) => onChange({ ...filter, topic })}
        />
        {filter.topic.trim() !== '' && (
          <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{intl.formatMessage({ id: asFilter ? 'ws-client.filter-topic-as-filter' : 'ws-client.filter-topic-as-text' })}</span>
        )}
      </div>
      <FilterChoiceList
        className="ws-message-filter__choices"
        label={intl.formatMessage({ id: 'ws-client.filter-qos' })}
        choices={([0, 1, 2] as const).map((qos) => ({ value: qos, label: String(qos) }))}
        selected={filter.qosList}
        onChange={(qosList) => onChange({ ...filter, qosList })}
      />
      <FilterChoiceList
        className="ws-message-filter__choices"
        label={intl.formatMessage({ id: 'ws-client.filter-retain' })}
        choices={[
          { value: true, label: intl.formatMessage({ id: 'common.yes' }) },
          { value: false, label: intl.formatMessage({ id: 'common.no' }) },
        ]}
        selected={filter.retainList}
        onChange={(retainList) => onChange({ ...filter, retainList })}
      />
    </div>
  );
});
