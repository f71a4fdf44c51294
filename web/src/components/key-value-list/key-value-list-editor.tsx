import { Button, Classes, InputGroup } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import './key-value-list-editor.css';

export interface KeyValuePair {
  key: string;
  value: string;
}

/** The texts of one kind of list: its name, placeholders, the row labels (with {number}) and the buttons. */
export interface KeyValueListMessages {
  list: MessageDescriptor;
  empty: MessageDescriptor;
  key: MessageDescriptor;
  value: MessageDescriptor;
  keyOf: MessageDescriptor;
  valueOf: MessageDescriptor;
  remove: MessageDescriptor;
  add: MessageDescriptor;
  /** Shown once the list is full, with {max}. */
  maxReached: MessageDescriptor;
}

export interface KeyValueListEditorProps {
  value: KeyValuePair[];
  onChange(value: KeyValuePair[]): void;
  messages: KeyValueListMessages;
  maxItems: number;
  disabled?: boolean;
  /** Rows whose key is wrong (empty, repeated): their key input is marked invalid. */
  invalidKeys?: readonly number[];
}

/** Pairs of key and value as rows, added and removed one by one (headers, claims, user properties). */
export function KeyValueListEditor({ value, onChange, messages, maxItems, disabled = false, invalidKeys = [] }: KeyValueListEditorProps) {
  const intl = useIntl();
  const full = value.length >= maxItems;
  const update = (index: number, change: Partial<KeyValuePair>) => onChange(value.map((pair, position) => (position === index ? { ...pair, ...change } : pair)));

  return (
    <div className="key-value-list" role="group" aria-label={intl.formatMessage(messages.list)}>
      {value.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage {...messages.empty} />
        </p>
      ) : (
        value.map((pair, index) => {
          const number = index + 1;
          const keyInvalid = invalidKeys.includes(index);
          return (
            // Pairs have no identity of their own: a key may be repeated while typing, so the position is the key.
            <div className="key-value-list__row" key={index}>
              <InputGroup
                placeholder={intl.formatMessage(messages.key)}
                aria-label={intl.formatMessage(messages.keyOf, { number })}
                aria-invalid={keyInvalid}
                intent={keyInvalid ? 'danger' : 'none'}
                value={pair.key}
                disabled={disabled}
                onValueChange={(key) => update(index, { key })}
              />
              <InputGroup
                placeholder={intl.formatMessage(messages.value)}
                aria-label={intl.formatMessage(messages.valueOf, { number })}
                value={pair.value}
                disabled={disabled}
                onValueChange={(text) => update(index, { value: text })}
              />
              <Button
                variant="minimal"
                icon={<TrashIcon />}
                disabled={disabled}
                aria-label={intl.formatMessage(messages.remove, { number })}
                onClick={() => onChange(value.filter((_, position) => position !== index))}
              />
            </div>
          );
        })
      )}
      <div className="key-value-list__footer">
        <Button variant="outlined" size="small" icon={<AddIcon />} disabled={disabled || full} onClick={() => onChange([...value, { key: '', value: '' }])}>
          <FormattedMessage {...messages.add} />
        </Button>
        {full && (
          <span className={Classes.TEXT_MUTED}>
            <FormattedMessage {...messages.maxReached} values={{ max: maxItems }} />
          </span>
        )}
      </div>
    </div>
  );
}
