import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'web/dist-*/**',
      '**/node_modules/**',
      'web/src/lib/api/schema.ts',
      'test-results/**',
      '.tmp/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other's internals; shared pieces live in components/ and lib/.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*/*/**'], message: 'Import features through their public files.' }] },
      ],
    },
  },
  {
    // The web's unit tests type-check with Jest's globals, which the app's own tsconfig leaves out.
    files: ['web/src/**/*.spec.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './web/tsconfig.jest.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
);
