import { useState } from 'react';
import type { ApiError } from './api-error';

type Status = 'idle' | 'pending' | 'success' | 'error';

export interface Submission<Input> {
  submit: (input: Input) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: ApiError | null;
}

/**
 * One call a form sends, with its state, for the pages that load before React Query does (the
 * sign-in page, issue 29). The call's failure is the HTTP layer's ApiError (spec section 8).
 */
export function useSubmission<Input, Result>(
  send: (input: Input) => Promise<Result>,
  handlers: { onSuccess?: (result: Result) => void; onError?: (error: ApiError) => void } = {},
): Submission<Input> {
  const [state, setState] = useState<{ status: Status; error: ApiError | null }>({ status: 'idle', error: null });
  const submit = (input: Input) => {
    setState({ status: 'pending', error: null });
    send(input).then(
      (result) => {
        setState({ status: 'success', error: null });
        handlers.onSuccess?.(result);
      },
      (error: ApiError) => {
        setState({ status: 'error', error });
        handlers.onError?.(error);
      },
    );
  };
  return { submit, isPending: state.status === 'pending', isSuccess: state.status === 'success', error: state.error };
}
