import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useId } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { intervalText } from '../../interval-input/interval-input';
import { offeredAggregationIntervals } from '../model/interval-bounds';
import { AGGREGATION_TYPES, type AggregationType } from '../model/timewindow';
import { AGGREGATION_TYPE_MESSAGES } from './timewindow-messages';
import { type AggregationLimitProblem, datapointsLimits, type PartState } from '../model/timewindow-rules';

const messages = {
  aggregation: { id: 'timewindow.aggregation' },
  limit: { id: 'timewindow.limit' },
  limitRequired: { id: 'timewindow.limit-required' },
  limitNotWhole: { id: 'timewindow.limit-not-whole' },
  limitOutOfRange: { id: 'timewindow.limit-out-of-range' },
  aggregationInterval: { id: 'timewindow.aggregation-interval' },
} satisfies Record<string, MessageDescriptor>;

export interface TimewindowAggregationFieldsProps {
  type: AggregationType;
  limit: number | null;
  limitProblem: AggregationLimitProblem | undefined;
  /** The selected tab's aggregation interval, in milliseconds. */
  interval: number;
  /** The selected tab's range, null while unknown. */
  rangeMs: number | null;
  maxDatapoints: number;
  aggregationState: PartState;
  intervalState: PartState;
  onTypeChange(type: AggregationType): void;
  onLimitChange(limit: number | null): void;
  onIntervalChange(interval: number): void;
}

const isAggregationType = (value: string): value is AggregationType => (AGGREGATION_TYPES as readonly string[]).includes(value);

/** Spec sections 3 and 5: the aggregation type; with NONE a limit of datapoints, otherwise the interval each point covers. */
export function TimewindowAggregationFields(props: TimewindowAggregationFieldsProps) {
  const { type, limit, limitProblem, interval, rangeMs, maxDatapoints, aggregationState, intervalState } = props;
  const intl = useIntl();
  const id = useId();
  const { min, max } = datapointsLimits(maxDatapoints);
  const limitError =
    limitProblem === 'required'
      ? intl.formatMessage(messages.limitRequired)
      : limitProblem === 'not-whole'
        ? intl.formatMessage(messages.limitNotWhole)
        : limitProblem === 'out-of-range'
          ? intl.formatMessage(messages.limitOutOfRange, { min, max })
          : undefined;
  const offered = rangeMs === null || rangeMs <= 0 ? [] : offeredAggregationIntervals(rangeMs, maxDatapoints);
  const intervals = offered.includes(interval) ? offered : [...offered, interval].sort((first, second) => first - second);

  return (
    <>
      {aggregationState !== 'hidden' && (
        <fieldset className="timewindow-panel__part" disabled={aggregationState === 'disabled'}>
          <FormGroup label={intl.formatMessage(messages.aggregation)} labelFor={`${id}-type`}>
            <HTMLSelect id={`${id}-type`} fill value={type} onChange={(event) => isAggregationType(event.target.value) && props.onTypeChange(event.target.value)}>
              {AGGREGATION_TYPES.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(AGGREGATION_TYPE_MESSAGES[option])}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {type === 'NONE' && (
            <FormGroup label={intl.formatMessage(messages.limit)} labelFor={`${id}-limit`} labelInfo="*" helperText={limitError} intent={limitError ? 'danger' : 'none'}>
              <InputGroup
                id={`${id}-limit`}
                type="number"
                inputMode="numeric"
                min={min}
                max={max}
                step={1}
                value={limit === null ? '' : String(limit)}
                intent={limitError ? 'danger' : 'none'}
                aria-invalid={Boolean(limitError)}
                onValueChange={(text) => props.onLimitChange(text.trim() === '' ? null : Number(text))}
              />
            </FormGroup>
          )}
        </fieldset>
      )}
      {type !== 'NONE' && intervalState !== 'hidden' && (
        <fieldset className="timewindow-panel__part" disabled={intervalState === 'disabled'}>
          <FormGroup label={intl.formatMessage(messages.aggregationInterval)} labelFor={`${id}-interval`}>
            <HTMLSelect id={`${id}-interval`} fill value={String(interval)} disabled={offered.length === 0} onChange={(event) => props.onIntervalChange(Number(event.target.value))}>
              {intervals.map((option) => (
                <option key={option} value={String(option)}>
                  {intervalText(intl, option)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </fieldset>
      )}
    </>
  );
}
