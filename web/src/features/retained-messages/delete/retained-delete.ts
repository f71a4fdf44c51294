import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ApiError } from '../../../api/api-error';
import {
  deleteFilteredRetainedMessages,
  deleteRetainedMessage,
  deleteRetainedMessages,
  getGetRetainedMessageBranchesQueryKey,
  getGetRetainedMessageQueryKey,
  getGetRetainedMessagesQueryKey,
} from '../../../api/generated/endpoints/retained-message/retained-message';
import { showToast } from '../../../components/toast/toast-store';
import { branchTopicFilter, type RetainedFilter, retainedFilterParams } from '../retained-filter';

/** What a delete applies to: one message, the ticked rows, everything the filter matches, or a branch of the tree. */
export type RetainedDeleteTarget =
  | { scope: 'one'; topic: string }
  | { scope: 'selection'; topics: string[] }
  | { scope: 'filtered'; filter: RetainedFilter; count: number }
  | { scope: 'branch'; topic: string; count: number };

/** How many retained messages the delete is about, as its confirm dialog says. */
export function retainedDeleteCount(target: RetainedDeleteTarget): number {
  if (target.scope === 'one') return 1;
  return target.scope === 'selection' ? target.topics.length : target.count;
}

/** Runs the delete's call; answers how many retained messages it deleted. */
async function runRetainedDelete(target: RetainedDeleteTarget): Promise<number> {
  if (target.scope === 'one') {
    await deleteRetainedMessage({ topicName: target.topic });
    return 1;
  }
  if (target.scope === 'selection') return (await deleteRetainedMessages({ topicNames: target.topics })).deletedCount;
  const params = target.scope === 'filtered' ? retainedFilterParams(target.filter) : { topicFilter: branchTopicFilter(target.topic) };
  return (await deleteFilteredRetainedMessages(params)).deletedCount;
}

/** Everything that shows retained messages is out of date after a delete. */
export function refreshRetainedViews(queryClient: QueryClient): void {
  for (const queryKey of [getGetRetainedMessagesQueryKey(), getGetRetainedMessageQueryKey(), getGetRetainedMessageBranchesQueryKey()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Runs a confirmed delete and tells the operator how many retained messages went. */
export function useRetainedDeleteMutation(onDone: (target: RetainedDeleteTarget) => void) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  return useMutation<number, ApiError, RetainedDeleteTarget>({
    mutationFn: runRetainedDelete,
    onSuccess: (count, target) => {
      showToast({ message: intl.formatMessage({ id: 'retained-message.deleted' }, { count }), type: 'success' });
      onDone(target);
    },
    onSettled: () => refreshRetainedViews(queryClient),
  });
}
