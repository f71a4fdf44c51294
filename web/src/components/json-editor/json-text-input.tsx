import { Classes, FormGroup, TextArea } from '@blueprintjs/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { INVALID_JSON, parseJson } from './json-editor-rules';

export interface JsonTextInputProps {
  /** The JSON kept as a string. */
  value: string;
  /** The text, with the form error key invalidJSON when it does not parse (spec section 5). */
  onChange(text: string, error: typeof INVALID_JSON | undefined): void;
  label?: string;
  id?: string;
  rows?: number;
  disabled?: boolean;
}

/** Spec section 5's JSON-to-string input: a text area bound to a string that flags invalidJSON while it does not parse. */
export function JsonTextInput({ value, onChange, label, id, rows = 4, disabled = false }: JsonTextInputProps) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  // An empty text is no JSON error: whether a value is needed is the form's rule.
  const { problem } = parseJson(value);
  const parseError = problem?.kind === 'parse' ? problem : undefined;
  const error = parseError ? intl.formatMessage({ id: 'json-editor.invalid-json' }, { message: parseError.message }) : undefined;
  return (
    <FormGroup label={label} labelFor={inputId} helperText={error} intent={error ? 'danger' : 'none'}>
      <TextArea
        id={inputId}
        value={value}
        rows={rows}
        fill
        disabled={disabled}
        spellCheck={false}
        className={Classes.MONOSPACE_TEXT}
        intent={error ? 'danger' : 'none'}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text, parseJson(text).problem?.kind === 'parse' ? INVALID_JSON : undefined);
        }}
      />
    </FormGroup>
  );
}
