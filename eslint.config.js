import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'web/src/features';
const features = fs.existsSync(FEATURES_DIR)
  ? fs.readdirSync(FEATURES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  : [];

// The generated client's `app/app` files are the API, not the app shell: they stay importable (also
// as `./generated/…` or `../generated/…` from the API layer itself).
const restricted = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group, '!**/api/generated/**', '!./generated/**', '!../generated/**'], message })) }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/src/api/generated/**', '**/test-results/**', '**/playwright-report/**', 'data/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // `l`: V8's linear-time engine, which the broker runs administrators' patterns on (credentials/topic-rules.ts).
      'no-invalid-regexp': ['error', { allowConstructorFlags: ['l'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One-way imports (STYLE.md rule 1): components/ and api/ → features/ → app/.
  {
    files: ['web/src/components/**', 'web/src/api/**'],
    rules: restricted(['**/features/**', '**/app/**'], 'Shared widgets and the API layer must not depend on features or the app shell.'),
  },
  // Waits in tests end on the event with a deadline a busy machine cannot miss (README "Tests and
  // time"); vi.waitFor's own default is one second.
  {
    files: ['mock-broker/test/**', 'web/src/**/*.test.{ts,tsx}'],
    ignores: ['mock-broker/test/support/checks/waits.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: 'Use eventually() (mock-broker/test/support/checks/waits.ts) or Testing Library\'s waitFor (web).' },
        { object: 'vi', property: 'waitUntil', message: 'Use eventually() (mock-broker/test/support/checks/waits.ts) or Testing Library\'s waitFor (web).' },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`${FEATURES_DIR}/${feature}/**`],
    rules: restricted(
      ['**/app/**', ...features.filter((other) => other !== feature).map((other) => `**/features/${other}/**`)],
      'A feature imports only components/, api/ and its own files; the shell (app/) composes features.',
    ),
  })),
);
