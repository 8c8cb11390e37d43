import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Our own lint rule for the web app's layers (DESIGN.md; docs/decisions/0022-web-data-layer.md):
 * `layers/no-restricted-paths` refuses an import (static, re-export or dynamic `import()`) whose
 * relative path resolves into a `from` folder while the importing file is in the zone's `target`,
 * unless it resolves into one of the zone's `except` folders (given relative to `from`).
 *
 * Written here rather than taken from eslint-plugin-import-x: that plugin's resolver needs native
 * bindings for every platform in the lock file, which our package registry does not serve, so `npm ci`
 * could not install it. Only relative specifiers are checked: the web app imports its own files by
 * relative path, and packages are outside every zone; TypeScript refuses what does not resolve.
 */
const within = (path, folder) => path === folder || path.startsWith(folder + sep);

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between the layers and features of the web app' },
    schema: [
      {
        type: 'object',
        properties: {
          basePath: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        required: ['basePath', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { basePath, zones } = context.options[0];
    const list = (value) => (Array.isArray(value) ? value : [value]).map((folder) => resolve(basePath, folder));
    const file = context.filename;
    const applicable = zones
      .map((zone) => ({
        targets: list(zone.target),
        froms: list(zone.from),
        excepts: (zone.except ?? []).flatMap((except) => list(zone.from).map((from) => resolve(from, except))),
        message: zone.message ?? 'This import crosses a layer boundary.',
      }))
      .filter((zone) => zone.targets.some((target) => within(file, target)));
    if (applicable.length === 0) return {};

    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const imported = resolve(dirname(file), source.value);
      for (const zone of applicable) {
        if (!zone.froms.some((from) => within(imported, from))) continue;
        if (zone.excepts.some((except) => within(imported, except))) continue;
        context.report({ node, message: `${zone.message} (imports ${relative(basePath, imported)})` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layers = { rules: { 'no-restricted-paths': noRestrictedPaths } };
