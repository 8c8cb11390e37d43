import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layers } from './eslint/layer-boundaries.js';

const root = import.meta.dirname;
const WEB_SRC = 'apps/web/src';

/** One folder per feature under apps/web/src/features: read here, so a new feature is fenced in without editing this file. */
const webFeatures = readdirSync(join(root, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers (DESIGN.md, bulletproof-react): shared (components/, lib/) → features → app, never
 * back and never sideways between features. Relative paths are resolved, so a dynamic import() or a
 * path that climbs out of a feature cannot slip past (eslint/layer-boundaries.js). What several features need lives in the shared layer
 * (docs/decisions/0022-web-data-layer.md); the app composes features.
 */
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `${WEB_SRC}/features/${feature}`,
    from: `${WEB_SRC}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/lib or src/components, or compose them in src/app.',
  })),
  {
    target: [`${WEB_SRC}/components`, `${WEB_SRC}/lib`],
    from: [`${WEB_SRC}/features`, `${WEB_SRC}/app`],
    message: 'src/components and src/lib are the shared layer: they never import a feature or the app.',
  },
  {
    target: `${WEB_SRC}/features`,
    from: `${WEB_SRC}/app`,
    message: 'Features never import the app (src/app composes features, not the other way round).',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '**/drizzle/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { layers },
    rules: {
      'layers/no-restricted-paths': ['error', { basePath: root, zones: webBoundaries }],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', '**/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
