import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FieldError } from '../../../api/api-error-field';
import type { ProviderField, ProviderProblems } from './provider-form-values';

/** The error shown under one field: the console's own check first, else the broker's refusal naming it. */
export type ErrorOf = (field: ProviderField) => ReactNode | undefined;

export function errorsOf(problems: ProviderProblems, brokerError: FieldError<ProviderField> | undefined): ErrorOf {
  return (field) => {
    const own = problems[field];
    if (own) return <FormattedMessage id={own.id} values={own.values} />;
    return brokerError?.field === field ? brokerError.message : undefined;
  };
}
