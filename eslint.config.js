// Lint gate: syntax-level rules only, so `npm run lint` stays fast on 2 cores;
// types are checked by `npm run typecheck`. Layout is Prettier's job, so no stylistic rule is enabled.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/', 'dist-*/', 'coverage/', 'node_modules/', 'data/', '.scratch/', 'test-results/', '.tsbuild/']),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // tsc's noUnusedLocals/noUnusedParameters already report these (honouring the leading-underscore convention); the rule was 14 % of lint time.
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    // Schema-agnostic database handles (Kysely<any>, as Kysely's docs prescribe for migrations) and loose test/bench replies.
    files: ['server/db/**', 'server/ops/**', 'server/http/list-*.ts', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: ['server/**', 'tests/**', 'bench/**', 'scripts/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor'][arguments.length=1]",
          message: 'Give vi.waitFor a timeout ({ timeout: 10_000 }): its default, 1 s, runs out on 2 busy cores with nothing wrong.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // Effects here reset or sync local state when their input changes (a dialog opening, a poll or debounce
      // starting); rewriting each as a keyed remount changes behaviour for no bug found. The app is not built with React Compiler.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // React Compiler's checks (everything in the preset beyond the two classic hooks rules) are most of the lint time; test components break them on purpose.
    files: ['src/**/*.spec.{ts,tsx}'],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat.recommended.rules)
        .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
        .map((rule) => [rule, 'off']),
    ),
  },
  {
    files: ['src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    // react-admin's search box is named only by its placeholder; lists use the named one.
    files: ['src/**/*.tsx'],
    ignores: ['src/components/ConsoleSearchInput.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-admin', importNames: ['SearchInput'], message: 'Use ConsoleSearchInput (components/ConsoleSearchInput.tsx): it has an accessible name.' },
            { name: 'react-admin', importNames: ['Loading'], message: 'Use ScreenLoading (components/ScreenLoading.tsx): its spinner has a name and its words a readable contrast.' },
            {
              name: 'react-admin',
              importNames: ['DateField', 'DateInput', 'DateTimeInput', 'TimeInput'],
              message: "Use ConsoleDateField / ConsoleDateInput / ConsoleDateTimeInput / ConsoleTimeInput (src/components): react-admin's follow the browser's locale (mm/dd/yyyy, 06:00 AM).",
            },
          ],
        },
      ],
    },
  },
  {
    // A time a person reads is written by src/shared/date-time.ts alone (on screens through
    // formatConsoleDate / ConsoleDateField), in the reader's zone as YYYY-MM-DD HH:mm; an instant for the API
    // is made by its toIsoInstant. Date's own formatters and hand-rolled ones bring back ISO text, AM/PM or
    // the wrong zone. Shared rules (src/shared) run on the server too and keep their own transport code.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/**', 'src/**/*.spec.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toISOString', 'toJSON', 'toLocaleDateString', 'toLocaleTimeString', 'toUTCString', 'toDateString', 'toTimeString', 'getFullYear', 'getMonth', 'getDate', 'getHours', 'getMinutes'].map(
          (property) => ({ property, message: 'Write times with formatConsoleDate / ConsoleDateField, or toIsoInstant for the API (src/shared/date-time.ts).' }),
        ),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Write times with formatConsoleDate / ConsoleDateField (src/shared/date-time.ts), not a formatter of your own.',
        },
        {
          selector: "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          message: 'Write times with formatConsoleDate / ConsoleDateField (src/shared/date-time.ts): toLocaleString follows the locale (AM/PM, mm/dd/yyyy).',
        },
        {
          // Not about times, but this is the one list of restricted syntax for screens (a later block would replace it).
          selector: "JSXOpeningElement[name.name='FilterButton']:not(:has(JSXAttribute[name.name='disableSaveQuery']))",
          message:
            "Give FilterButton disableSaveQuery: saved views live in the Views button (SavedViewsButton), kept on the server; react-admin's own 'Save current query…' keeps them in one browser.",
        },
        {
          selector: "JSXOpeningElement[name.name='Button'] > JSXAttribute[name.name='component'][value.value='label']",
          message: 'Open a file picker with FilePickButton (src/components): a <label> drawn as a button takes role="button", which a label may not have (axe aria-allowed-role).',
        },
        {
          selector: 'JSXOpeningElement[name.name=/^(Circular|Linear)Progress$/]:not(:has(JSXAttribute[name.name=/^aria-label(ledby)?$/]))',
          message: 'Name the spinner (aria-label or aria-labelledby): a progress bar without a name is an axe violation (aria-progressbar-name) on every screen that shows it while loading.',
        },
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor'][arguments.length=1]",
          message: 'Give vi.waitFor a timeout ({ timeout: 10_000 }): its default, 1 s, runs out on 2 busy cores with nothing wrong.',
        },
      ],
    },
  },
]);
