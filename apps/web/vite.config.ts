import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
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
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
  },
});
