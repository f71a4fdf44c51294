import Editor from '@monaco-editor/react';
import { useIntl } from 'react-intl';
import { useTheme } from '../theme/theme';
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
  // Monaco paints its own colours: its dark theme with the console's, switched live.
  const theme = useTheme() === 'dark' ? 'vs-dark' : 'light';
  return (
    <Editor
      language="json"
      theme={theme}
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
