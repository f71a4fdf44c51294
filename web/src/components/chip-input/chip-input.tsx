import { Classes, FormGroup, Menu, MenuItem } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { addTypedValues, CHIP_SEPARATOR_KEYS, type ChipRefusal, type ChipRules, isMissingRequiredList } from './chip-input-rules';
import { useChipSuggestions } from './use-chip-suggestions';
import './chip-input.css';

export interface ChipInputProps extends ChipRules {
  id: string;
  label: ReactNode;
  values: readonly string[];
  onValuesChange: (values: string[]) => void;
  /** Spec section 5: a required list shows an empty-list error once left empty. */
  required?: boolean;
  /** The empty-list error; a generic one by default. */
  requiredError?: ReactNode;
  /** Shows the empty-list error before the field was visited, e.g. once its form was submitted. */
  showErrors?: boolean;
  /** An error about the whole list from its form (too many values, the broker's refusal), shown like the empty-list error. */
  error?: ReactNode;
  helperText?: ReactNode;
  placeholder?: string;
}

function refusalMessage(refusal: ChipRefusal): ReactNode {
  if (refusal.reason === 'out-of-list') return <FormattedMessage id="chip-input.value-not-in-list" values={{ value: refusal.value }} />;
  return <FormattedMessage id="chip-input.value-invalid" values={{ value: refusal.value, problem: refusal.problem }} />;
}

/** The chip input of spec section 5: a list of values typed as chips, with autocomplete. */
export function ChipInput(props: ChipInputProps) {
  const { id, label, values, onValuesChange, required = false, requiredError, showErrors = false, error: listError, helperText, placeholder, options } = props;
  const intl = useIntl();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [visited, setVisited] = useState(false);
  const [refusal, setRefusal] = useState<ChipRefusal>();
  const [highlighted, setHighlighted] = useState(-1);
  const suggestions = useChipSuggestions(options, values, text);
  const open = focused && suggestions.length > 0;

  const commit = (typed: string) => {
    const addition = addTypedValues(values, typed, props);
    if (addition.values.length !== values.length) onValuesChange(addition.values);
    setRefusal(addition.refused);
    // A refused value stays in the input so that it can be corrected.
    setText(addition.refused?.value ?? '');
    setHighlighted(-1);
  };

  const remove = (index: number) => {
    onValuesChange(values.filter((_, position) => position !== index));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (CHIP_SEPARATOR_KEYS.includes(event.key)) {
      // Enter also submits the surrounding form unless it adds a chip.
      const chosen = event.key === 'Enter' && open ? suggestions[highlighted] : undefined;
      if (chosen === undefined && text.trim() === '') return;
      event.preventDefault();
      commit(chosen ?? text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      remove(values.length - 1);
    } else if (event.key === 'Escape' && open) {
      // Closes the suggestions only, not the dialog around the field.
      event.stopPropagation();
      setFocused(false);
    }
  };

  const missing = isMissingRequiredList(values, required) && (visited || showErrors);
  const error = refusal ? refusalMessage(refusal) : (listError ?? (missing ? (requiredError ?? <FormattedMessage id="chip-input.list-required" />) : undefined));
  const intent = error ? 'danger' : 'none';
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? helperText} intent={intent}>
      <div className="chip-input">
        <div
          className={[Classes.INPUT, Classes.TAG_INPUT, Classes.FILL, focused ? Classes.ACTIVE : '', Classes.intentClass(intent) ?? ''].join(' ')}
          onClick={() => inputRef.current?.focus()}
        >
          <div className={Classes.TAG_INPUT_VALUES}>
            {values.map((value, index) => (
              <span key={value} className={`${Classes.TAG} chip-input__chip`} data-testid="chip">
                <span className="chip-input__chip-text">{value}</span>
                <button
                  type="button"
                  className={Classes.TAG_REMOVE}
                  aria-label={intl.formatMessage({ id: 'chip-input.remove-value' }, { value })}
                  onClick={() => remove(index)}
                >
                  <SmallCrossIcon />
                </button>
              </span>
            ))}
            <input
              ref={inputRef}
              id={id}
              className={Classes.INPUT_GHOST}
              value={text}
              placeholder={values.length === 0 ? placeholder : undefined}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-invalid={Boolean(error)}
              aria-activedescendant={open && highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setRefusal(undefined);
                setHighlighted(-1);
              }}
              onKeyDown={onKeyDown}
              onFocus={() => setFocused(true)}
              onBlur={() => {
                setFocused(false);
                setVisited(true);
                // A value typed but not yet turned into a chip is not lost when the field is left.
                if (text.trim() !== '') commit(text);
              }}
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text');
                if (!/[,;\n\r]/.test(pasted)) return;
                event.preventDefault();
                commit(text + pasted);
              }}
            />
          </div>
        </div>
        {open && (
          <Menu className="chip-input__suggestions" role="listbox" id={listId} aria-label={intl.formatMessage({ id: 'chip-input.suggestions' })}>
            {suggestions.map((suggestion, index) => (
              <MenuItem
                key={suggestion}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlighted}
                active={index === highlighted}
                text={suggestion}
                // Keeps the focus in the input, so that choosing does not count as leaving the field.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => commit(suggestion)}
              />
            ))}
          </Menu>
        )}
      </div>
    </FormGroup>
  );
}
