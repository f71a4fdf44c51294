import Editor from '@monaco-editor/react';
import { useIntl } from 'react-intl';
import './monaco-setup';

export interface JsonCodeEditorProps {
  value: string;
  onChange(text: string): void;
  /** A CSS height, e.g. '100%' or '360px'. */
  height: string;
}

/** Monaco with the JSON language, bundled with the console: loaded lazily, only when a JSON editor opens. */
export default function JsonCodeEditor({ value, onChange, height }: JsonCodeEditorProps) {
  const intl = useIntl();
  return (
    <Editor
      language="json"
      value={value}
      height={height}
      onChange={(text) => onChange(text ?? '')}
      options={{
        ariaLabel: intl.formatMessage({ id: 'json-editor.editor' }),
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        wordWrap: 'on',
        fixedOverflowWidgets: true,
      }}
    />
  );
}
