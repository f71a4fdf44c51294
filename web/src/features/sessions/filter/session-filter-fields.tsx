import { ControlGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { getGetBrokerServiceIdsQueryKey, useGetBrokerServiceIds } from '../../../api/generated/endpoints/app/app';
import { DateTimeInput } from '../../../components/form/date-time-input';
import { FilterChoiceList } from '../../../components/form/filter-choice-list';
import { useExtension } from '../../../components/broker-support/broker-extensions';
import { CLIENT_TYPES, CONNECTION_STATES, type SessionFilter, SUBSCRIPTION_OPERATIONS } from './session-filter';
import type { SessionFilterErrors } from './session-filter-validation';

interface SessionFilterFieldsProps {
  filter: SessionFilter;
  onChange: (changes: Partial<SessionFilter>) => void;
  errors: SessionFilterErrors;
}

const OPERATION_SYMBOLS = { EQUAL: '=', NOT_EQUAL: '≠', GREATER: '>', LESS: '<', GREATER_OR_EQUAL: '≥', LESS_OR_EQUAL: '≤' } as const;

/** A count to filter by: an empty box means "any", and anything but a whole number is not taken. */
function WholeNumberInput({ id, value, onChange }: { id: string; value: number | undefined; onChange: (value: number | undefined) => void }) {
  return (
    <InputGroup
      id={id}
      type="number"
      min={0}
      value={value === undefined ? '' : String(value)}
      onValueChange={(text) => onChange(/^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined)}
    />
  );
}

/** The filter panel's fields (spec section 3, session list filter, and the broker's further filters). */
export function SessionFilterFields({ filter, onChange, errors }: SessionFilterFieldsProps) {
  const intl = useIntl();
  const text = (id: MessageDescriptor['id']) => intl.formatMessage({ id });
  // The node list changes only when the cluster does.
  const nodes = useGetBrokerServiceIds({ query: { queryKey: getGetBrokerServiceIdsQueryKey(), staleTime: 60_000 }, request: { ignoreLoading: true } });
  // Starling's own filters come with its sessions extension (the bulk actions take them too); a
  // production broker would ignore them, so they are not offered there.
  const starlingFilters = useExtension('sessionBulkActions') === 'available';
  const range = (from: 'startTime' | 'disconnectedStartTime', to: 'endTime' | 'disconnectedEndTime', label: 'session.connected-between' | 'session.disconnected-between') => (
    <FormGroup label={<FormattedMessage id={label} />} helperText={errors[to] && <FormattedMessage id={errors[to]} />} intent={errors[to] ? 'danger' : 'none'}>
      <div className="session-filter__range">
        <DateTimeInput id={`session-filter-${from}`} aria-label={text('session.range-from')} value={filter[from]} onChange={(value) => onChange({ [from]: value })} />
        <DateTimeInput id={`session-filter-${to}`} aria-label={text('session.range-to')} value={filter[to]} invalid={Boolean(errors[to])} onChange={(value) => onChange({ [to]: value })} />
      </div>
    </FormGroup>
  );
  return (
    <div className="session-filter__fields">
      <FilterChoiceList
        className="session-filter__group"
        label={<FormattedMessage id="session.status" />}
        choices={CONNECTION_STATES.map((state) => ({ value: state, label: text(state === 'CONNECTED' ? 'session.connected' : 'session.disconnected') }))}
        selected={filter.connectedStatusList}
        onChange={(connectedStatusList) => onChange({ connectedStatusList })}
      />
      <FilterChoiceList
        className="session-filter__group"
        label={<FormattedMessage id="session.client-type" />}
        choices={CLIENT_TYPES.map((type) => ({ value: type, label: text(type === 'DEVICE' ? 'client-type.device' : 'client-type.application') }))}
        selected={filter.clientTypeList}
        onChange={(clientTypeList) => onChange({ clientTypeList })}
      />
      <FilterChoiceList
        className="session-filter__group"
        label={<FormattedMessage id="session.clean-start" />}
        choices={[true, false].map((flag) => ({ value: flag, label: text(flag ? 'common.yes' : 'common.no') }))}
        selected={filter.cleanStartList}
        onChange={(cleanStartList) => onChange({ cleanStartList })}
      />
      <FilterChoiceList
        className="session-filter__group"
        label={<FormattedMessage id="session.node" />}
        choices={(nodes.data ?? filter.nodeIdList).map((nodeId) => ({ value: nodeId, label: nodeId }))}
        selected={filter.nodeIdList}
        onChange={(nodeIdList) => onChange({ nodeIdList })}
      />
      <FormGroup label={<FormattedMessage id="session.subscriptions-number" />} labelFor="session-filter-subscriptions-count">
        <ControlGroup fill>
          <HTMLSelect
            aria-label={text('session.subscriptions-operation')}
            value={filter.subscriptionOperation}
            onChange={(event) => onChange({ subscriptionOperation: event.target.value as SessionFilter['subscriptionOperation'] })}
          >
            {SUBSCRIPTION_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {OPERATION_SYMBOLS[operation]}
              </option>
            ))}
          </HTMLSelect>
          <WholeNumberInput id="session-filter-subscriptions-count" value={filter.subscriptions} onChange={(subscriptions) => onChange({ subscriptions })} />
        </ControlGroup>
      </FormGroup>
      <FormGroup label={<FormattedMessage id="session.client-address" />} labelFor="session-filter-address">
        <InputGroup id="session-filter-address" value={filter.clientIpAddress} onValueChange={(clientIpAddress) => onChange({ clientIpAddress })} />
      </FormGroup>
      {starlingFilters && (
        <FormGroup label={<FormattedMessage id="session.queued-at-least" />} labelFor="session-filter-queued">
          <WholeNumberInput id="session-filter-queued" value={filter.queuedMessagesMin} onChange={(queuedMessagesMin) => onChange({ queuedMessagesMin })} />
        </FormGroup>
      )}
      {range('startTime', 'endTime', 'session.connected-between')}
      {starlingFilters && range('disconnectedStartTime', 'disconnectedEndTime', 'session.disconnected-between')}
    </div>
  );
}
