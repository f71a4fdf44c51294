import { Button, Classes, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { MaximizeIcon, MinimizeIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { type MessageDescriptor, FormattedMessage, useIntl } from 'react-intl';
import { jsonEditorErrors, minify, parseJson, problemOf, tidy } from './json-editor-rules';
import { jsonProblemText } from './json-problem-text';
import './json-edit-dialog.css';

// Monaco is big: it loads in chunks of its own when a JSON editor first opens, never with the shell.
const JsonCodeEditor = lazy(() => import('./monaco-json-editor'));

const messages = {
  editJson: { id: 'json-editor.edit-json' },
  fullscreen: { id: 'json-editor.fullscreen' },
  exitFullscreen: { id: 'json-editor.exit-fullscreen' },
} satisfies Record<string, MessageDescriptor>;

export interface JsonEditDialogProps {
  isOpen: boolean;
  /** Spec section 2: "Edit JSON" by default. */
  title?: string;
  value: string;
  onSave(text: string): void;
  onCancel(): void;
  /** Spec section 5: only a JSON object is accepted; false accepts any JSON value (e.g. the value input's arrays). */
  objectOnly?: boolean;
  /** Whether an empty text is refused; true by default. */
  required?: boolean;
}

/** The JSON edit dialog of spec sections 2, 4 and 5: Monaco with tidy, minify, fullscreen, an error line, save and cancel. */
export function JsonEditDialog({ isOpen, title, value, onSave, onCancel, objectOnly = true, required = true }: JsonEditDialogProps) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const [fullscreen, setFullscreen] = useState(false);
  // Each opening starts from the value given, not from what was typed and cancelled before.
  const [openedWith, setOpenedWith] = useState<{ isOpen: boolean; value: string }>({ isOpen, value });
  if (openedWith.isOpen !== isOpen || (!isOpen && openedWith.value !== value)) {
    setOpenedWith({ isOpen, value });
    if (isOpen) setText(value);
  }

  // Spec section 5: a parse error is the form error jsonParseError; save waits for a valid text.
  const problem = problemOf(jsonEditorErrors(text, { required, objectOnly }));
  const error = problem ? jsonProblemText(intl, problem) : undefined;
  const reformat = (format: (text: string) => string | null) => setText((current) => format(current) ?? current);
  const valid = parseJson(text).problem === undefined;

  const actions = (
    <>
      <Button variant="minimal" onClick={onCancel}>
        <FormattedMessage id="action.cancel" />
      </Button>
      <Button intent="primary" disabled={problem !== undefined} onClick={() => onSave(text)}>
        <FormattedMessage id="action.save" />
      </Button>
    </>
  );
  const tools = (
    <>
      {/* Spec section 4: the editor has a normal and a fullscreen mode. */}
      <Button
        variant="minimal"
        icon={fullscreen ? <MinimizeIcon /> : <MaximizeIcon />}
        aria-label={intl.formatMessage(fullscreen ? messages.exitFullscreen : messages.fullscreen)}
        aria-pressed={fullscreen}
        onClick={() => setFullscreen((current) => !current)}
      />
      <Button variant="minimal" disabled={!valid} onClick={() => reformat(tidy)}>
        <FormattedMessage id="json-editor.tidy" />
      </Button>
      <Button variant="minimal" disabled={!valid} onClick={() => reformat(minify)}>
        <FormattedMessage id="json-editor.minify" />
      </Button>
    </>
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onCancel}
      title={title ?? intl.formatMessage(messages.editJson)}
      className={`json-edit-dialog${fullscreen ? ' json-edit-dialog--fullscreen' : ''}`}
    >
      <DialogBody className="json-edit-dialog__body" useOverflowScrollContainer={false}>
        <div className="json-edit-dialog__editor">
          <Suspense fallback={<Spinner size={24} />}>
            <JsonCodeEditor value={text} onChange={setText} height="100%" />
          </Suspense>
        </div>
        <div className={`json-edit-dialog__error ${Classes.TEXT_SMALL}`} role="alert">
          {error}
        </div>
      </DialogBody>
      <DialogFooter actions={actions}>{tools}</DialogFooter>
    </Dialog>
  );
}
