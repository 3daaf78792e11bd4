import js from '@eslint/js';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = path.join(import.meta.dirname, 'web', 'src');
const featuresDir = path.join(webSrc, 'features');
const sharedDirs = ['components', 'lib', 'config'].map((dir) => path.join(webSrc, dir));

/** The path segments of `file` below `parent`, or null when `file` is outside it. */
function firstFolderIn(parent, file) {
  const relative = path.relative(parent, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/**
 * Feature boundaries (web): a feature reaches another only through that feature's index.ts
 * (`../employer`, never `../employer/OfferWizard`), and the shared layers (components, lib,
 * config) import no feature at all. Import paths are resolved against the importing file, so
 * a sibling (`../x/y`) and a deeper path (`../../x/y/z`) are judged alike, for static imports,
 * re-exports and `import()`. The app (router, shell, guards) composes the features and is not
 * checked: it loads page files lazily, and what it imports statically is the first screen's
 * chunk (vite.config.ts puts every module reachable from the entry there), which importing a
 * whole index would widen with code only lazy pages use.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      deep: "Import the feature '{{feature}}' through its index.ts ('{{suggestion}}'), not its internals.",
      shared: 'Shared code (components, lib, config) must not import a feature.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = firstFolderIn(featuresDir, file)?.[0] ?? null;
    const shared = sharedDirs.some((dir) => firstFolderIn(dir, file) !== null);
    if (own === null && !shared) return {};
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = firstFolderIn(featuresDir, path.resolve(path.dirname(file), source.value));
      if (target === null) return;
      const [feature, ...rest] = target;
      if (shared) return context.report({ node: source, messageId: 'shared' });
      if (feature === own) return;
      const isIndex = rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));
      if (isIndex) return;
      const suggestion = source.value.slice(0, source.value.length - rest.join('/').length - 1);
      context.report({ node: source, messageId: 'deep', data: { feature, suggestion } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

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
      // Mutation testing's sandbox and reports (npm run test:mutation).
      '.stryker-tmp/**',
      'reports/**',
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
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other's internals; shared pieces live in components/ and lib/.
      'web/feature-boundaries': 'error',
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
  {
    // CommonJS modules load others with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
