import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/language/json/monaco.contribution';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

// Monaco comes from the console's own bundle, never from a CDN: only the editor core and the JSON
// language. Its workers are separate files of the build (Vite's ?worker), started from their URL on
// our origin, so that the Content-Security-Policy (script-src 'self', no blob: workers) allows them.
// (monaco-editor 0.57 maps 'monaco-editor/<path>' to its esm/vs/<path>.js.)
self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });
