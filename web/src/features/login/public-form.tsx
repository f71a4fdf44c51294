import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { HideIcon, ShowIcon } from './public-icons';
import './public-form.css';

/** A labelled field with its error under it; the error is tied to the control for screen readers. */
export function FormField({ id, label, error, children }: { id: string; label: ReactNode; error?: ReactNode; children: ReactNode }) {
  return (
    <div className={error ? 'public-form__field public-form__field--invalid' : 'public-form__field'}>
      <label className="public-form__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div className="public-form__error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
};

export function TextInput({ onValueChange, invalid = false, ...props }: InputProps) {
  return (
    <input
      {...props}
      className="public-form__input"
      aria-invalid={invalid}
      aria-describedby={invalid && props.id ? `${props.id}-error` : props['aria-describedby']}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** A password field with a visibility toggle (spec section 1, shared widgets), for the public pages. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <div className="public-form__password">
      <TextInput {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="public-form__toggle"
        aria-label={intl.formatMessage({ id: visible ? 'login.hide-password' : 'login.show-password' })}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <HideIcon /> : <ShowIcon />}
      </button>
    </div>
  );
}

interface SubmitButtonProps {
  loading: boolean;
  disabled?: boolean;
  icon: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function SubmitButton({ loading, disabled = false, icon, testId, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="public-form__submit" disabled={loading || disabled} aria-busy={loading} data-testid={testId}>
      {loading ? <span className="public-form__busy" aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

/** A message above a form: a failure (role alert) or a notice. */
export function FormNotice({ intent, children }: { intent: 'danger' | 'warning'; children: ReactNode }) {
  return (
    <div className={`public-form__notice public-form__notice--${intent}`} role={intent === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
