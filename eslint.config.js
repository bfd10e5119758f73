import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** JSX attributes people read (or hear): their text comes from a catalog. */
const READ_ATTRIBUTES =
  '/^(aria-label|aria-description|aria-roledescription|aria-valuetext|alt|title|placeholder|label)$/';

/** A `{…}` among an element's children (not an attribute's value). */
const JSX_CHILD = ':matches(JSXElement, JSXFragment) > JSXExpressionContainer';

/** sonner is loaded on the first toast: a toast sent to it directly would find no Toaster. */
const SONNER = { name: 'sonner', message: 'Use `toast` from src/web/ui/toasts.tsx.' };

/** The web's features: its pages (DESIGN.md Layout). Two features meet only in router.tsx. */
const WEB_FEATURES = [
  'account',
  'admin',
  'community',
  'create',
  'myranks',
  'owner',
  'play',
  'player',
  'results',
];

/**
 * The web's import zones, each an allow-list: an import that climbs out of the file's folder
 * (`../x`) must land in one of the folders named, in paths.ts or in src/domain.
 */
const WEB_ZONES = {
  feature: {
    regex: '^\\.\\./(?!(?:api|ui|game|shell|i18n)/|paths$|\\.\\./domain/)',
    message:
      'A web feature imports only api/, ui/, game/, shell/, i18n/, paths.ts and src/domain, never another feature: move a shared piece to ui/ or game/, or meet in router.tsx.',
  },
  nestedFeature: {
    regex: '^\\.\\./\\.\\./(?!(?:api|ui|game|shell|i18n)/|paths$|\\.\\./domain/)',
    message:
      'A web feature imports only api/, ui/, game/, shell/, i18n/, paths.ts and src/domain, never another feature: move a shared piece to ui/ or game/, or meet in router.tsx.',
  },
  ui: {
    regex: '^\\.\\./(?!(?:api|i18n)/|paths$|\\.\\./domain/)',
    message:
      'ui/ pieces import only api/, i18n/, paths.ts and src/domain: no feature, game/ or shell/.',
  },
  game: {
    regex: '^\\.\\./(?!(?:api|ui|shell|i18n)/|paths$|\\.\\./domain/)',
    message:
      'game/ pieces import only api/, ui/, shell/, i18n/, paths.ts and src/domain: no feature.',
  },
  shell: {
    regex: '^\\.\\./\\.\\./(?!(?:api|ui|i18n)/|paths$|\\.\\./domain/)',
    message:
      'The shell imports only api/, ui/, i18n/, paths.ts and src/domain: no feature or game/.',
  },
  api: {
    regex: '^\\.\\./(?!i18n/|\\.\\./domain/|\\.\\./server/)',
    message:
      'api/ imports only i18n/, src/domain and server types: no feature, ui/, game/ or shell/.',
  },
};

/**
 * `no-restricted-imports` for a set of web files: sonner (except in ui/toasts.tsx, which loads it)
 * and the zone's patterns. A later block's `no-restricted-imports` replaces an earlier one for the
 * files both match, so each block states the whole rule.
 */
function webImports(patterns, { sonner = true } = {}) {
  return {
    'no-restricted-imports': [
      'error',
      { ...(sonner ? { paths: [SONNER] } : {}), ...(patterns.length > 0 ? { patterns } : {}) },
    ],
  };
}

/** A feature's reads are its own: another feature calls its public functions instead. */
const DATA_FILE = {
  group: ['../*/data', '../*/data.ts'],
  message: "Use the other feature's exported functions, not its data.ts.",
};

/** The server's features (src/server/<feature>/), each with one public file, public.ts. */
const SERVER_FEATURES = [
  'admin',
  'analytics',
  'auth',
  'community',
  'games',
  'images',
  'players',
  'progression',
  'rooms',
  'share',
  'webhooks',
];

/** Another feature's files, except its public.ts. */
const featureZone = (feature) => [
  {
    regex: `^(\\.\\./)+(${SERVER_FEATURES.filter((other) => other !== feature).join('|')})/(?!public$)`,
    message: 'A server feature imports another only through its public.ts.',
  },
];

/** Another owner's schema file (auth's tables belong to auth/; columns.ts is shared). */
const schemaZone = (feature) => ({
  regex: `(^|/)db/schema/(?!(${feature}|columns)$)[^/]+$`,
  message: "Only the owning feature reads or writes its tables: call the owner's public.ts.",
});

export default tseslint.config(
  {
    ignores: ['dist/', 'src/web/dist/', 'data/', 'migrations/', 'node_modules/', 'bench/results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The web's import zones (DESIGN.md Layout): features <- ui/, game/, shell/ <- api/ <- domain.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/ui/toasts.tsx'],
    rules: webImports([]),
  },
  {
    files: [`src/web/{${WEB_FEATURES.join(',')}}/**/*.{ts,tsx}`],
    rules: webImports([WEB_ZONES.feature]),
  },
  {
    // Live rooms: a feature in two folders (host/, player/), which may import each other.
    files: ['src/web/rooms/*/**/*.{ts,tsx}'],
    rules: webImports([WEB_ZONES.nestedFeature]),
  },
  {
    files: ['src/web/rooms/*.{ts,tsx}'],
    rules: webImports([WEB_ZONES.feature]),
  },
  {
    files: ['src/web/ui/**/*.{ts,tsx}'],
    ignores: ['src/web/ui/toasts.tsx'],
    rules: webImports([WEB_ZONES.ui]),
  },
  {
    files: ['src/web/ui/toasts.tsx'],
    rules: webImports([WEB_ZONES.ui], { sonner: false }),
  },
  {
    files: ['src/web/game/**/*.{ts,tsx}'],
    rules: webImports([WEB_ZONES.game]),
  },
  {
    // The shell in layers: session <- frame.
    files: ['src/web/shell/session/**/*.{ts,tsx}'],
    rules: webImports([
      WEB_ZONES.shell,
      { group: ['../frame/*'], message: 'The session knows nothing of the frame.' },
    ]),
  },
  {
    files: ['src/web/shell/frame/**/*.{ts,tsx}'],
    rules: webImports([WEB_ZONES.shell]),
  },
  {
    files: ['src/web/api/**/*.{ts,tsx}'],
    rules: webImports([WEB_ZONES.api]),
  },
  {
    // src/web/api/ is the only way to the server: retries, timeouts, error messages and the one
    // reconnect policy for live streams live there.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Call the server through src/web/api/ (request + typed client).',
        },
        {
          name: 'EventSource',
          message: 'Open live streams through src/web/api/live-stream.ts.',
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Call the server through src/web/api/.' },
        {
          object: 'globalThis',
          property: 'fetch',
          message: 'Call the server through src/web/api/.',
        },
        {
          object: 'window',
          property: 'EventSource',
          message: 'Open live streams through src/web/api/live-stream.ts.',
        },
      ],
    },
  },
  {
    // Every word people read comes from a message catalog (decision 0023): no letters in JSX text,
    // in a string put in JSX, or in the attributes people read (labels, titles, placeholders).
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/\\p{L}/u]',
          message: 'Text people read comes from a message catalog (src/web/i18n/messages).',
        },
        {
          selector: `${JSX_CHILD} > Literal[value=/\\p{L}/u]`,
          message: 'Text people read comes from a message catalog (src/web/i18n/messages).',
        },
        {
          selector: `${JSX_CHILD} > TemplateLiteral > TemplateElement[value.raw=/\\p{L}/u]`,
          message: 'Text people read comes from a message catalog (src/web/i18n/messages).',
        },
        {
          selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=/\\p{L}/u]`,
          message: 'Labels, titles and placeholders come from a message catalog.',
        },
      ],
    },
  },
  // The import boundaries of DESIGN.md, held by the linter.
  {
    // Domain rules are pure: they import nothing of the server or the web.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'src/domain is pure: no I/O layers.' },
            { group: ['node:*'], message: 'src/domain runs in the browser too: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    // The web imports no server code, except types (the typed client's AppType).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The web may import only types from the server (AppType).',
            },
          ],
        },
      ],
    },
  },
  {
    // Plumbing and non-feature code: no feature's data.ts (its reads are the feature's own).
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DATA_FILE] }] },
  },
  // A server feature is a module (DESIGN.md "Layout"): another feature reaches it only through its
  // public.ts, and only its owner reads or writes its tables (db/schema/<owner>.ts).
  ...SERVER_FEATURES.map((feature) => ({
    files: [`src/server/${feature}/**/*.ts`],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [DATA_FILE, ...featureZone(feature), schemaZone(feature)] },
      ],
    },
  })),
  {
    // Plumbing imports no feature (hooks and the composition root connect them).
    files: [
      'src/server/http/**/*.ts',
      'src/server/db/**/*.ts',
      'src/server/platform/**/*.ts',
      'src/server/realtime/**/*.ts',
    ],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${SERVER_FEATURES.join('|')})/`,
              message:
                'realtime/, http/, db/ and platform/ import no feature (DESIGN.md "Layout").',
            },
          ],
        },
      ],
    },
  },
  {
    // config.ts alone reads the environment (DESIGN.md "Conventions" 5); scripts and tests are
    // exempt.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through src/server/config.ts (the only reader of process.env).',
        },
      ],
    },
  },
);
