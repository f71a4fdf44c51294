import { Button, Classes, FormGroup, SegmentedControl, TextArea } from '@blueprintjs/core';
import { CodeBlockIcon } from '@blueprintjs/icons';
import { useId, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { JsonEditDialog } from '../json-editor/json-edit-dialog';
import { isRequiredError, readValue, resetValueFor, type ValueType, valueText, valueTypeOf, VALUE_TYPES } from './value-input-rules';
import './value-input.css';

const messages = {
  value: { id: 'value.value' },
  type: { id: 'value.type' },
  STRING: { id: 'value.string' },
  JSON: { id: 'value.json' },
  editJson: { id: 'value.edit-json' },
} satisfies Record<string, MessageDescriptor>;

export interface ValueInputProps {
  value: unknown;
  /** The value read from the text: a string, a JSON object or array, or null while the text is invalid. */
  onChange(value: unknown): void;
  /** Given by a form that keeps the type itself; otherwise the input keeps it, starting from the value's type. */
  valueType?: ValueType;
  onValueTypeChange?(type: ValueType): void;
  required?: boolean;
  /** Replaces the two "required" errors (spec section 5). */
  requiredText?: string;
  /** Opens the form's JSON editor; without it the input opens a JSON edit dialog of its own. */
  onOpenJsonEditor?(): void;
  disabled?: boolean;
  label?: string;
  id?: string;
}

/** The value input of spec sections 1, 4 and 5: a STRING or JSON value typed as text. */
export function ValueInput({ value, onChange, valueType, onValueTypeChange, required = false, requiredText, onOpenJsonEditor, disabled = false, label, id }: ValueInputProps) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const [ownType, setOwnType] = useState<ValueType>(() => valueType ?? valueTypeOf(value));
  const type = valueType ?? ownType;
  // The text as typed and the value it gave. A value from the form that differs from that one (e.g.
  // the form was reset) replaces the text; an echo of what was typed keeps it as typed.
  const [draft, setDraft] = useState(() => ({ text: valueText(value, type), emitted: value, type }));
  const [seen, setSeen] = useState({ value, type });
  if (!Object.is(seen.value, value) || seen.type !== type) {
    setSeen({ value, type });
    if (type !== draft.type || valueText(value, type) !== valueText(draft.emitted, type)) setDraft({ text: valueText(value, type), emitted: value, type });
  }
  const [editorOpen, setEditorOpen] = useState(false);

  const { error } = readValue(draft.text, type, required);
  const errorText = error && (isRequiredError(error) && requiredText ? requiredText : intl.formatMessage({ id: error }));

  const onText = (text: string) => {
    const reading = readValue(text, type, required);
    setDraft({ text, emitted: reading.value, type });
    onChange(reading.value);
  };
  const onType = (next: string) => {
    const nextType = next as ValueType;
    if (nextType === type) return;
    // Spec section 4: JSON starts from an empty object, STRING from an empty string.
    const reset = resetValueFor(nextType);
    setOwnType(nextType);
    setSeen({ value: reset, type: nextType });
    setDraft({ text: valueText(reset, nextType), emitted: reset, type: nextType });
    onValueTypeChange?.(nextType);
    onChange(reset);
  };

  return (
    <FormGroup label={label ?? intl.formatMessage(messages.value)} labelFor={inputId} labelInfo={required ? '*' : undefined} helperText={errorText} intent={errorText ? 'danger' : 'none'}>
      <div className="value-input__bar">
        <SegmentedControl
          aria-label={intl.formatMessage(messages.type)}
          size="small"
          options={VALUE_TYPES.map((option) => ({ value: option, label: intl.formatMessage(messages[option]), disabled }))}
          value={type}
          onValueChange={onType}
        />
        {type === 'JSON' && (
          <Button
            size="small"
            variant="minimal"
            icon={<CodeBlockIcon />}
            disabled={disabled}
            text={intl.formatMessage(messages.editJson)}
            onClick={() => (onOpenJsonEditor ? onOpenJsonEditor() : setEditorOpen(true))}
          />
        )}
      </div>
      <TextArea
        id={inputId}
        value={draft.text}
        rows={type === 'JSON' ? 5 : 2}
        fill
        disabled={disabled}
        spellCheck={false}
        className={type === 'JSON' ? Classes.MONOSPACE_TEXT : undefined}
        intent={errorText ? 'danger' : 'none'}
        aria-invalid={Boolean(errorText)}
        onChange={(event) => onText(event.target.value)}
      />
      {!onOpenJsonEditor && (
        <JsonEditDialog
          isOpen={editorOpen}
          value={draft.text}
          objectOnly={false}
          required={required}
          onCancel={() => setEditorOpen(false)}
          onSave={(text) => {
            setEditorOpen(false);
            onText(text);
          }}
        />
      )}
    </FormGroup>
  );
}
