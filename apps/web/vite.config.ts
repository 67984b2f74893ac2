import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Production builds run our React code on preact/compat (decision 004): same API, ~60 KB less
 * gzip on every first visit. The dev server and unit tests use React itself; the browser tests
 * drive the production build. WEB_RUNTIME=react|preact overrides the choice.
 */
const preactAliases = (usePreact: boolean) =>
  usePreact
  ? [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ]
  : [];

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      ...preactAliases((process.env.WEB_RUNTIME ?? (command === 'build' ? 'preact' : 'react')) === 'preact'),
      {
        find: /^@app\/shared\/(.*)$/,
        replacement: path.resolve(import.meta.dirname, '../../packages/shared/src/$1.ts'),
      },
    ],
  },
  server: {
    proxy: {
      '/public': 'http://localhost:3000',
      '/subscriber': 'http://localhost:3000',
      '/coinpayments': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // react-router's RSC server helper reads React.use, which preact/compat lacks (decision 004);
        // that code never runs in the browser, so the warning is noise on every build.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.id?.includes('react-router')) return;
        warn(warning);
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Page tests render whole routes with the router and react-intl; on a loaded two-core CI
    // machine several took more than Vitest's default 5 s.
    testTimeout: 20_000,
  },
}));
