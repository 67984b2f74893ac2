import path from 'node:path';
import { defineConfig } from 'vitest/config';

const sharedAlias = {
  find: /^@app\/shared\/(.*)$/,
  replacement: path.resolve(import.meta.dirname, 'packages/shared/src/$1.ts'),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: [sharedAlias] },
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'apps/web/vite.config.ts',
      {
        resolve: { alias: [sharedAlias] },
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
