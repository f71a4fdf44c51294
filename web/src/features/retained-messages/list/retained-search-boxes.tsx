import { FormGroup, InputGroup } from '@blueprintjs/core';
import { FilterIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { entityLabels } from '../../../components/entity/entity-labels';
import { SearchInput } from '../../../components/table/search-input';
import { SEARCH_DEBOUNCE_MS } from '../../../components/table/use-page-link';
import { useDebouncedValue } from '../../../components/table/use-debounced-value';
import { isSearchableTopicFilter, type RetainedFilter } from '../retained-filter';

interface RetainedSearchBoxesProps {
  filter: RetainedFilter;
  /** The broker takes a topic filter (Starling's own, with the retainedTree extension). */
  withTopicFilter: boolean;
  /** Called once typing pauses, with the texts that can be searched for. */
  onSearch: (changes: Pick<RetainedFilter, 'textSearch' | 'topicFilter'>) => void;
}

/**
 * The two ways to find retained messages by topic: part of the topic text, and an MQTT topic
 * filter with + and # (matched as a subscriber's would be). What is typed reaches the URL once the
 * operator pauses; a topic filter no subscriber could use is pointed out and not searched for.
 */
export function RetainedSearchBoxes({ filter, withTopicFilter, onSearch }: RetainedSearchBoxesProps) {
  const intl = useIntl();
  const [text, setText] = useState(filter.textSearch);
  const [topicFilter, setTopicFilter] = useState(filter.topicFilter);
  const settledText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const settledFilter = useDebouncedValue(topicFilter.trim(), SEARCH_DEBOUNCE_MS);
  const invalidFilter = topicFilter.trim() !== '' && !isSearchableTopicFilter(topicFilter.trim());

  // The URL changed from elsewhere (a link, "clear filter", the tree): the boxes show it.
  const { textSearch: urlText, topicFilter: urlFilter } = filter;
  const [shownUrl, setShownUrl] = useState({ text: urlText, filter: urlFilter });
  if (shownUrl.text !== urlText || shownUrl.filter !== urlFilter) {
    setShownUrl({ text: urlText, filter: urlFilter });
    if (text.trim() !== urlText) setText(urlText);
    if (topicFilter.trim() !== urlFilter) setTopicFilter(urlFilter);
  }

  // Only a pause in typing searches: a change of the URL alone must not write the boxes' older texts back.
  const searched = useRef({ text: settledText, filter: settledFilter });
  useEffect(() => {
    if (searched.current.text === settledText && searched.current.filter === settledFilter) return;
    searched.current = { text: settledText, filter: settledFilter };
    const searchableFilter = settledFilter === '' || isSearchableTopicFilter(settledFilter) ? settledFilter : urlFilter;
    if (settledText !== urlText || searchableFilter !== urlFilter) onSearch({ textSearch: settledText, topicFilter: searchableFilter });
  }, [settledText, settledFilter, urlText, urlFilter, onSearch]);

  return (
    <>
      <SearchInput label={intl.formatMessage(entityLabels.RETAINED_MESSAGE.search)} value={text} onValueChange={setText} className="retained-page__search" />
      {withTopicFilter && (
        <FormGroup
          className="retained-page__topic-filter"
          helperText={invalidFilter ? intl.formatMessage({ id: 'retained-message.topic-filter-invalid' }) : undefined}
          intent={invalidFilter ? 'danger' : 'none'}
        >
          <InputGroup
            leftIcon={<FilterIcon />}
            placeholder={intl.formatMessage({ id: 'retained-message.topic-filter-placeholder' })}
            aria-label={intl.formatMessage({ id: 'retained-message.topic-filter' })}
            aria-invalid={invalidFilter}
            intent={invalidFilter ? 'danger' : 'none'}
            value={topicFilter}
            onValueChange={setTopicFilter}
            data-testid="retained-topic-filter"
          />
        </FormGroup>
      )}
    </>
  );
}
