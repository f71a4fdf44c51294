import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { WsPayloadType } from '../../../api/generated/model/wsPayloadType';
import { JsonEditDialog } from '../../../components/json-editor/json-edit-dialog';
import { ValueInput } from '../../../components/value-input/value-input';

interface PayloadFieldProps {
  id: string;
  value: unknown;
  type: WsPayloadType;
  onValueChange: (value: unknown) => void;
  onTypeChange: (type: WsPayloadType) => void;
}

/**
 * A message's payload, text or JSON (the value input shows its own errors; a JSON payload is
 * required, an empty text is a valid empty payload); JSON can be edited at length in the editor.
 */
export function PayloadField({ id, value, type, onValueChange, onTypeChange }: PayloadFieldProps) {
  const intl = useIntl();
  const [editingJson, setEditingJson] = useState(false);
  return (
    <>
      <ValueInput
        id={id}
        label={intl.formatMessage({ id: 'ws-client.publish.payload' })}
        value={value}
        valueType={type}
        required={type === 'JSON'}
        onChange={onValueChange}
        onValueTypeChange={onTypeChange}
        onOpenJsonEditor={() => setEditingJson(true)}
      />
      <JsonEditDialog
        isOpen={editingJson}
        title={intl.formatMessage({ id: 'ws-client.publish.edit-json-payload' })}
        value={value === null || value === undefined ? '' : JSON.stringify(value, null, 2)}
        objectOnly={false}
        onSave={(text) => {
          onValueChange(JSON.parse(text) as unknown);
          setEditingJson(false);
        }}
        onCancel={() => setEditingJson(false)}
      />
    </>
  );
}
