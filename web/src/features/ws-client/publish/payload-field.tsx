import { FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { WsPayloadType } from '../../../api/generated/model/wsPayloadType';
import { JsonEditDialog } from '../../../components/json-editor/json-edit-dialog';
import { ValueInput } from '../../../components/value-input/value-input';

interface PayloadFieldProps {
  value: unknown;
  type: WsPayloadType;
  onChange: (value: unknown, type: WsPayloadType) => void;
  error?: MessageDescriptor;
}

/** A message's payload, text or JSON; JSON can be edited at length in the JSON editor. */
export function PayloadField({ value, type, onChange, error }: PayloadFieldProps) {
  const intl = useIntl();
  const [editingJson, setEditingJson] = useState(false);
  return (
    <FormGroup label={<FormattedMessage id="ws-client.publish.payload" />} helperText={error && <FormattedMessage {...error} />} intent={error ? 'danger' : 'none'}>
      <ValueInput
        value={value}
        valueType={type}
        onChange={(next) => onChange(next, type)}
        onValueTypeChange={(nextType) => onChange(nextType === 'JSON' ? {} : '', nextType)}
        onOpenJsonEditor={() => setEditingJson(true)}
      />
      <JsonEditDialog
        isOpen={editingJson}
        title={intl.formatMessage({ id: 'ws-client.publish.edit-json-payload' })}
        value={value === null || value === undefined ? '' : JSON.stringify(value, null, 2)}
        onSave={(text) => {
          onChange(JSON.parse(text) as unknown, 'JSON');
          setEditingJson(false);
        }}
        onCancel={() => setEditingJson(false)}
      />
    </FormGroup>
  );
}
