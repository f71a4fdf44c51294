import { Button, Classes, InputGroup } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import { type MessageDescriptor, FormattedMessage, useIntl } from 'react-intl';
import { MAX_USER_PROPERTIES, type UserProperty } from './user-properties-rules';
import './user-properties-editor.css';

const messages = {
  key: { id: 'user-properties.key' },
  value: { id: 'user-properties.value' },
  keyOfPair: { id: 'user-properties.key-of' },
  valueOfPair: { id: 'user-properties.value-of' },
  remove: { id: 'user-properties.remove' },
} satisfies Record<string, MessageDescriptor>;

export interface UserPropertiesEditorProps {
  value: UserProperty[];
  onChange(value: UserProperty[]): void;
  /** At most this many pairs; 100 by default (spec section 9). */
  maxItems?: number;
  disabled?: boolean;
}

/** MQTT 5 user properties as rows of key and value, added and removed one by one (spec section 3). */
export function UserPropertiesEditor({ value, onChange, maxItems = MAX_USER_PROPERTIES, disabled = false }: UserPropertiesEditorProps) {
  const intl = useIntl();
  const full = value.length >= maxItems;
  const update = (index: number, change: Partial<UserProperty>) => onChange(value.map((pair, position) => (position === index ? { ...pair, ...change } : pair)));

  return (
    <div className="user-properties" role="group" aria-label={intl.formatMessage({ id: 'user-properties.user-properties' })}>
      {value.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id="user-properties.empty" />
        </p>
      ) : (
        value.map((pair, index) => {
          const number = index + 1;
          return (
            // Pairs have no identity of their own: a repeated key is allowed, so the position is the key.
            <div className="user-properties__row" key={index}>
              <InputGroup
                placeholder={intl.formatMessage(messages.key)}
                aria-label={intl.formatMessage(messages.keyOfPair, { number })}
                value={pair.key}
                disabled={disabled}
                onValueChange={(key) => update(index, { key })}
              />
              <InputGroup
                placeholder={intl.formatMessage(messages.value)}
                aria-label={intl.formatMessage(messages.valueOfPair, { number })}
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
      <div className="user-properties__footer">
        <Button variant="outlined" size="small" icon={<AddIcon />} disabled={disabled || full} onClick={() => onChange([...value, { key: '', value: '' }])}>
          <FormattedMessage id="user-properties.add" />
        </Button>
        {full && (
          <span className={Classes.TEXT_MUTED}>
            <FormattedMessage id="user-properties.max-reached" values={{ max: maxItems }} />
          </span>
        )}
      </div>
    </div>
  );
}
