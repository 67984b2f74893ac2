import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The repository's ESLint configuration forbids import cycles everywhere (decision 063). This test
 * holds it to that: the rule is an error for a file of every workspace, and two tiny modules that
 * import each other (written the way each workspace writes imports) are reported.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const scratch = path.join(root, '.tmp', `no-cycle-${process.pid}`);
let eslint: ESLint;

beforeAll(() => {
  // .tmp/ is ignored by the configuration; `ignore: false` lints it anyway with the same rules.
  eslint = new ESLint({ cwd: root, ignore: false });
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('import-x/no-cycle', () => {
  it.each(['apps/api/src/server.ts', 'apps/web/src/main.tsx', 'packages/shared/src/errors.ts'])('is an error for %s', async (file) => {
    const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, unknown> };
    const rule = config.rules['import-x/no-cycle'];
    const severity = Array.isArray(rule) ? rule[0] : rule;
    expect([2, 'error']).toContain(severity);
  });

  it.each([
    // The server and the shared package import with `.js` specifiers that resolve to `.ts` sources.
    { style: 'api/shared', a: 'a.ts', b: 'b.ts', toA: './a.js', toB: './b.js' },
    // The web app imports without extensions, from `.tsx` and `.ts` files.
    { style: 'web', a: 'a.tsx', b: 'b.ts', toA: './a', toB: './b' },
  ])('reports two modules that import each other ($style)', async ({ style, a, b, toA, toB }) => {
    const dir = path.join(scratch, style.replace('/', '-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, a), `import { b } from '${toB}';\n\nexport const a = (): number => b() + 1;\n`);
    writeFileSync(path.join(dir, b), `import { a } from '${toA}';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n`);

    const results = await eslint.lintFiles([path.join(dir, a), path.join(dir, b)]);
    for (const result of results) {
      const cycles = result.messages.filter((m) => m.ruleId === 'import-x/no-cycle');
      expect(cycles, path.basename(result.filePath)).toHaveLength(1);
      expect(cycles[0]!.severity).toBe(2);
    }
  });

  it('does not report modules that import in one direction only', async () => {
    const dir = path.join(scratch, 'acyclic');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), `import { b } from './b.js';\n\nexport const a = (): number => b + 1;\n`);
    writeFileSync(path.join(dir, 'b.ts'), `export const b = 1;\n`);

    const results = await eslint.lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle'))).toEqual([]);
  });
}, 120_000);
