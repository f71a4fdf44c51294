import { FileInput, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FormErrors, FormProblem, IntegrationFormValues } from './integration-form';

/** Text fields with a label of their own (the type and the file names have none). */
type TextName = Exclude<{ [Name in keyof IntegrationFormValues]: IntegrationFormValues[Name] extends string ? Name : never }[keyof IntegrationFormValues], 'type' | 'credentialsType' | 'caCertFileName' | 'certFileName' | 'privateKeyFileName'>;
type FlagName = Exclude<{ [Name in keyof IntegrationFormValues]: IntegrationFormValues[Name] extends boolean ? Name : never }[keyof IntegrationFormValues], 'enabled'>;

export interface FormBinding {
  values: IntegrationFormValues;
  change: (changes: Partial<IntegrationFormValues>) => void;
  /** The form's own problems (after the first submit) and the broker's, by field. */
  errors: FormErrors;
  brokerError?: { field: keyof IntegrationFormValues; message: string };
}

export function problemMessage(problem: FormProblem): ReactNode {
  return <FormattedMessage id={`integration.error.${problem}`} />;
}

/** The error under a field: the form's own, else the broker's naming it. */
export function fieldError(form: FormBinding, name: keyof IntegrationFormValues): ReactNode {
  const problem = form.errors[name];
  if (problem) return problemMessage(problem);
  return form.brokerError?.field === name ? form.brokerError.message : undefined;
}

interface FieldProps {
  form: FormBinding;
  name: TextName;
  required?: boolean;
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
}

export function TextInput({ form, name, required = false, hint, type, placeholder }: FieldProps) {
  const error = fieldError(form, name);
  const id = `integration-${name}`;
  return (
    <FormGroup label={<FormattedMessage id={`integration.field.${name}`} />} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? hint} intent={error ? 'danger' : 'none'}>
      <InputGroup id={id} type={type} value={form.values[name]} placeholder={placeholder} intent={error ? 'danger' : 'none'} aria-invalid={Boolean(error)} onValueChange={(value) => form.change({ [name]: value })} />
    </FormGroup>
  );
}

export function SelectInput({ form, name, options }: { form: FormBinding; name: TextName; options: readonly string[] }) {
  const id = `integration-${name}`;
  return (
    <FormGroup label={<FormattedMessage id={`integration.field.${name}`} />} labelFor={id}>
      <HTMLSelect id={id} fill value={form.values[name]} options={[...options]} onChange={(event) => form.change({ [name]: event.currentTarget.value })} />
    </FormGroup>
  );
}

export function FlagInput({ form, name }: { form: FormBinding; name: FlagName }) {
  return <Switch checked={form.values[name]} label={useIntl().formatMessage({ id: `integration.field.${name}` })} onChange={(event) => form.change({ [name]: event.currentTarget.checked })} />;
}

/** A PEM text, pasted or read from a picked file (the file's name is kept for the next edit). */
export function PemInput({ form, name, fileName, required = false, hint }: { form: FormBinding; name: 'caCert' | 'cert' | 'privateKey'; fileName: 'caCertFileName' | 'certFileName' | 'privateKeyFileName'; required?: boolean; hint?: ReactNode }) {
  const intl = useIntl();
  const error = fieldError(form, name);
  const id = `integration-${name}`;
  return (
    <FormGroup label={<FormattedMessage id={`integration.field.${name}`} />} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? hint} intent={error ? 'danger' : 'none'}>
      <FileInput
        fill
        text={form.values[fileName] || intl.formatMessage({ id: 'integration.choose-file' })}
        buttonText={intl.formatMessage({ id: 'integration.browse' })}
        inputProps={{ accept: '.pem,.crt,.cer,.key', 'aria-label': intl.formatMessage({ id: `integration.field.${name}` }) }}
        onInputChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) void file.text().then((text) => form.change({ [name]: text, [fileName]: file.name }));
        }}
      />
      <TextArea id={id} fill rows={3} className="integration-dialog__pem" value={form.values[name]} intent={error ? 'danger' : 'none'} aria-invalid={Boolean(error)} onChange={(event) => form.change({ [name]: event.currentTarget.value })} />
    </FormGroup>
  );
}
