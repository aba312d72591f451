// Flat ESLint config: typescript-eslint's recommended rules over every TypeScript file, with Prettier owning format;
// type-aware promise rules (a forgotten await loses an error or a transaction), React's rules of hooks, and
// jsx-a11y's recommended rules on every component (labels, roles, alt text a screen reader can use).
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A form's onSubmit={handleSubmit(save)} returning a promise is how react-hook-form is used.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['frontends/**/*.tsx', 'frontends/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['frontends/**/*.tsx'],
    plugins: jsxA11y.flatConfigs.recommended.plugins,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (a zoomed document, a long JSON detail) must be reachable with the keyboard to be
      // scrolled at all (axe: scrollable-region-focusable); it is named and given role="region" for that.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // A choice card's label holds its input and its text a level deeper (a title and a line under it).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // No text in a component outside the message catalogues (decisions 0124, 0128): JSX text and the props people
    // read (aria-*, title, alt, placeholder, and the shared components' label, subtitle, description, question,
    // link and busyLabel) come from a messages/ catalogue, in every front end.
    files: ['frontends/*/src/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,title,subtitle,description,question,link,busyLabel}']] } },
      ],
    },
  },
  {
    // The design system's modules import one another by their shared names (frontends/rspack.common.mjs), so the
    // page holds one copy of each; a relative import would give each app its own (its own locale state).
    files: ['frontends/ui/src/**/*.ts', 'frontends/ui/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\.?/(?!.*\\.json$)', message: "Import it as '@cropvest/ui/<name>'." }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // k6 scripts: k6 gives every script these globals (load/runner gives them too).
    files: ['load/*.js', 'load/lib/**'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
);
