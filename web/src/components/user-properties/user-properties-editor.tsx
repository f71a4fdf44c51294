import type { MessageDescriptor } from 'react-intl';
import { type KeyValueListMessages, KeyValueListEditor } from '../key-value-list/key-value-list-editor';
import { MAX_USER_PROPERTIES, type UserProperty } from './user-properties-rules';

const messages = {
  list: { id: 'user-properties.user-properties' },
  empty: { id: 'user-properties.empty' },
  key: { id: 'user-properties.key' },
  value: { id: 'user-properties.value' },
  keyOf: { id: 'user-properties.key-of' },
  valueOf: { id: 'user-properties.value-of' },
  remove: { id: 'user-properties.remove' },
  add: { id: 'user-properties.add' },
  maxReached: { id: 'user-properties.max-reached' },
} satisfies Record<keyof KeyValueListMessages, MessageDescriptor>;

export interface UserPropertiesEditorProps {
  value: UserProperty[];
  onChange(value: UserProperty[]): void;
  /** At most this many pairs; 100 by default (spec section 9). */
  maxItems?: number;
  disabled?: boolean;
}

/** MQTT 5 user properties as rows of key and value, added and removed one by one (spec section 3). */
export function UserPropertiesEditor({ maxItems = MAX_USER_PROPERTIES, ...props }: UserPropertiesEditorProps) {
  return <KeyValueListEditor {...props} maxItems={maxItems} messages={messages} />;
}
