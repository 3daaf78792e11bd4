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

/** @nestjs/swagger's error-response decorators, which @ApiErrors replaces on the server. */
const ERROR_RESPONSE_DECORATORS =
  '/^Api(BadRequest|Unauthorized|Forbidden|NotFound|Conflict|Gone|PayloadTooLarge|UnsupportedMediaType|UnprocessableEntity|TooManyRequests|InternalServerError|BadGateway|ServiceUnavailable)Response$/';

const API_CLIENT_ONLY =
  'Call the API through web/src/lib/api/client.ts (api, publicApi, uploadForm, privateFile, csrfHeader), not directly.';

/** Where the server's data access may live: repositories, and the engine's own layer. */
function dataAccessAllowed(file) {
  const relative = path
    .relative(import.meta.dirname, file)
    .split(path.sep)
    .join('/');
  if (!relative.startsWith('server/src/')) return true;
  return (
    relative.endsWith('.repository.ts') || relative.endsWith('.spec.ts') || relative.startsWith('server/src/database/')
  );
}

/** The types whose methods reach the database: TypeORM's, node-postgres' and PGlite's. */
const DATABASE_TYPES = new Set([
  'DataSource',
  'EntityManager',
  'Repository',
  'QueryRunner',
  'SelectQueryBuilder',
  'Pool',
  'PoolClient',
  'Client',
  'PGlite',
]);

/** A string that starts like a SQL statement (written in capitals, as this code base writes SQL). */
const SQL_TEXT =
  /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS|CREATE|ALTER|DROP|TRUNCATE|DEALLOCATE|LOCK)\b/;

/**
 * The server's data access lives in `<module>.repository.ts` (docs/RULES.md): outside those, the
 * engine's layer (server/src/database) and tests, no SQL text, no call on a TypeORM data source,
 * entity manager, repository or query builder or on a pg pool, and no injection of them. Types
 * are read from the type checker, so a manager passed in under any name is still found; an
 * `EntityManager` may be passed through (a transaction that spans modules), not used.
 */
const dataAccess = {
  meta: {
    type: 'problem',
    messages: {
      sql: "SQL belongs in the module's repository (<module>.repository.ts), not here.",
      call: "'{{method}}' on a {{type}} belongs in the module's repository (<module>.repository.ts).",
      inject: "{{decorator}} belongs in the module's repository (<module>.repository.ts).",
    },
    schema: [],
  },
  create(context) {
    if (dataAccessAllowed(context.filename)) return {};
    const services = context.sourceCode.parserServices;
    const typeName = (node) => {
      if (!services?.program) return null;
      const type = services.getTypeAtLocation(node);
      const symbol = type.getSymbol() ?? type.aliasSymbol;
      return symbol ? symbol.getName() : null;
    };
    const checkText = (node, text) => {
      if (SQL_TEXT.test(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateLiteral(node) {
        checkText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '));
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'preparedQuery')
          return context.report({ node, messageId: 'call', data: { method: 'preparedQuery', type: 'pool' } });
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const type = typeName(callee.object);
        if (type && DATABASE_TYPES.has(type))
          context.report({ node, messageId: 'call', data: { method: callee.property.name, type } });
      },
      Decorator(node) {
        const expression = node.expression.type === 'CallExpression' ? node.expression.callee : node.expression;
        if (expression.type === 'Identifier' && /^Inject(Repository|DataSource|EntityManager)$/.test(expression.name))
          context.report({ node, messageId: 'inject', data: { decorator: `@${expression.name}` } });
      },
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
    // The web reaches the API only through its client (web/src/lib/api/): the session's token,
    // the Spanish failures and the server render's in-process transport live there, not in each
    // caller. A bare fetch (or XMLHttpRequest) elsewhere fails; tests may stub them.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/api/**', 'web/src/**/*.spec.{ts,tsx}', 'web/src/**/*.test-*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest'].map((name) => ({ name, message: API_CLIENT_ONLY })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: API_CLIENT_ONLY })),
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
    files: ['server/src/**/*.ts'],
    plugins: { server: { rules: { 'data-access': dataAccess } } },
    rules: { 'server/data-access': 'error' },
  },
  {
    // Errors are declared once per module (`<module>.errors.ts`, declareErrors) and thrown by
    // name; routes document them with @ApiErrors, never with a hand-written error response.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/common/**', 'server/src/**/*.errors.ts', 'server/src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppException']",
          message: "Declare the error in the module's <module>.errors.ts (declareErrors) and throw it by name.",
        },
        {
          selector: `CallExpression[callee.name=${ERROR_RESPONSE_DECORATORS}]`,
          message: "Document errors with @ApiErrors(…) from the module's declared errors.",
        },
      ],
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
