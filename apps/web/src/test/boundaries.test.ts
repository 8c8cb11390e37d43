import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layer rule of the root eslint.config.js (layers/no-restricted-paths, eslint/layer-boundaries.js):
 * shared (components/, lib/) → features → app, never back and never sideways. Each case lints a
 * few lines as if they were a file at that place, against the real files they import.
 */

// (Through a variable: Vite rewrites `new URL(path, import.meta.url)` as an asset address.)
const testFile = import.meta.url;
const repoRoot = decodeURIComponent(new URL('../../../../', testFile).pathname);
const RULE = 'layers/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('layer boundaries (eslint layers/no-restricted-paths)', () => {
  it('refuses a feature importing another feature, statically or lazily', async () => {
    const errors = await boundaryErrors(
      'features/home/components/x.tsx',
      `import { useWishlist } from '../../wishlist/api/get-wishlist';
export const a = useWishlist;
export const b = () => import('../../search/screens/search-screen');
`,
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('A feature never imports another feature');
  });

  it('refuses src/components and src/lib importing a feature or the app', async () => {
    expect(
      await boundaryErrors('components/product/x.tsx', `export { useWishlist } from '../../features/wishlist/api/get-wishlist';\n`),
    ).toEqual([expect.stringContaining('src/components and src/lib are the shared layer')]);
    expect(await boundaryErrors('lib/api/x.ts', `import { routes } from '../../app/routes';\nexport const r = routes;\n`)).toHaveLength(1);
  });

  it('refuses a feature importing the app', async () => {
    expect(await boundaryErrors('features/product/x.ts', `import { routes } from '../../app/routes';\nexport const r = routes;\n`)).toEqual([
      expect.stringContaining('Features never import the app'),
    ]);
  });

  it('lets a feature use its own files and the shared layer, and the app use features', async () => {
    expect(
      await boundaryErrors(
        'features/wishlist/components/x.tsx',
        `import { useWishlist } from '../api/get-wishlist';
import { useCartItem } from '../../../lib/api/update-cart';
import { Button } from '../../../components/ui/button';
export const all = [useWishlist, useCartItem, Button];
`,
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('app/x.ts', `export const s = () => import('../features/search/screens/search-screen');\n`),
    ).toEqual([]);
  });
});
