import { Button } from '@blueprintjs/core';
import { TrashIcon } from '@blueprintjs/icons';
import { FormattedMessage } from 'react-intl';
import { entityLabels } from '../../../components/entity/entity-labels';

interface RetainedBulkBarProps {
  selected: number;
  /** Retained messages the whole filter matches, on every page. */
  matching: number;
  /** Whether a filter narrows the list: "delete all" then says "matching". */
  filtered: boolean;
  onDeleteSelected: () => void;
  onDeleteMatching: () => void;
  onClearSelection: () => void;
}

/** Deletes of many retained messages: the ticked ones, or everything the filter matches (issue 14). */
export function RetainedBulkBar({ selected, matching, filtered, onDeleteSelected, onDeleteMatching, onClearSelection }: RetainedBulkBarProps) {
  return (
    <div className="retained-bulk-bar">
      {selected > 0 && (
        <div className="retained-bulk-bar__group" data-testid="retained-selection">
          <strong>
            <FormattedMessage id={entityLabels.RETAINED_MESSAGE.selectedItems.id} values={{ count: selected }} />
          </strong>
          <Button size="small" intent="danger" icon={<TrashIcon />} onClick={onDeleteSelected} data-testid="retained-delete-selected">
            <FormattedMessage id="retained-message.delete-count" values={{ count: selected }} />
          </Button>
          <Button size="small" variant="minimal" onClick={onClearSelection}>
            <FormattedMessage id="retained-message.clear-selection" />
          </Button>
        </div>
      )}
      {matching > 0 && (
        <div className="retained-bulk-bar__group retained-bulk-bar__matching">
          <Button size="small" variant="outlined" intent="danger" onClick={onDeleteMatching} data-testid="retained-delete-matching">
            <FormattedMessage id="retained-message.delete-all" values={{ count: matching, matching: filtered ? 'yes' : 'no' }} />
          </Button>
        </div>
      )}
    </div>
  );
}
