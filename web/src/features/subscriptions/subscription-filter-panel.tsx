import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FilterChoiceList } from '../../components/form/filter-choice-list';
import { FilterPanelForm } from '../../components/form/filter-panel-form';
import { EMPTY_SUBSCRIPTION_FILTER, FLAGS, isValidSubscriptionId, LEVELS, type SubscriptionFilter } from './subscription-filter';

interface SubscriptionFilterPanelProps {
  /** The filter in force; the panel edits a copy until applied. */
  filter: SubscriptionFilter;
  onApply: (filter: SubscriptionFilter) => void;
  onClose: () => void;
}

/** The subscriptions filter, edited as a whole and applied at once, so the list is not asked again per tick. */
export function SubscriptionFilterPanel({ filter, onApply, onClose }: SubscriptionFilterPanelProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState(filter);
  const change = (changes: Partial<SubscriptionFilter>) => setDraft((current) => ({ ...current, ...changes }));
  const idInvalid = !isValidSubscriptionId(draft.subscriptionId);
  const yesNo = FLAGS.map((flag) => ({ value: flag, label: intl.formatMessage({ id: flag ? 'common.yes' : 'common.no' }) }));

  return (
    <FilterPanelForm
      label={intl.formatMessage({ id: 'subscription.filter' })}
      className="subscription-filter"
      testIdPrefix="subscription-filter"
      resetLabel={<FormattedMessage id="subscription.reset-filter" />}
      onReset={() => setDraft(EMPTY_SUBSCRIPTION_FILTER)}
      onApply={() => {
        if (!idInvalid) onApply(draft);
      }}
      onClose={onClose}
    >
      <div className="subscription-filter__fields">
        <FormGroup label={<FormattedMessage id="subscription.topic-filter" />} labelFor="subscription-filter-topic">
          <InputGroup id="subscription-filter-topic" value={draft.topicFilter} onValueChange={(topicFilter) => change({ topicFilter })} />
        </FormGroup>
        <FilterChoiceList
          label={<FormattedMessage id="subscription.qos" />}
          choices={LEVELS.map((qos) => ({ value: qos, label: intl.formatMessage({ id: `subscription.qos-${qos}` }) }))}
          selected={draft.qosList}
          onChange={(qosList) => change({ qosList })}
        />
        <FilterChoiceList label={<FormattedMessage id="subscription.no-local" />} choices={yesNo} selected={draft.noLocalList} onChange={(noLocalList) => change({ noLocalList })} />
        <FilterChoiceList
          label={<FormattedMessage id="subscription.retain-as-published" />}
          choices={yesNo}
          selected={draft.retainAsPublishList}
          onChange={(retainAsPublishList) => change({ retainAsPublishList })}
        />
        <FilterChoiceList
          label={<FormattedMessage id="subscription.retain-handling" />}
          choices={LEVELS.map((handling) => ({ value: handling, label: intl.formatMessage({ id: `subscription.retain-handling-${handling}` }) }))}
          selected={draft.retainHandlingList}
          onChange={(retainHandlingList) => change({ retainHandlingList })}
        />
        <FormGroup
          label={<FormattedMessage id="subscription.subscription-id" />}
          labelFor="subscription-filter-id"
          intent={idInvalid ? 'danger' : 'none'}
          helperText={idInvalid && <FormattedMessage id="subscription.subscription-id-invalid" />}
        >
          <InputGroup id="subscription-filter-id" inputMode="numeric" intent={idInvalid ? 'danger' : 'none'} value={draft.subscriptionId} onValueChange={(subscriptionId) => change({ subscriptionId })} />
        </FormGroup>
      </div>
    </FilterPanelForm>
  );
}
