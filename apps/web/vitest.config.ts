import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A failure detector, not an expectation: at load 15–22 on two cores the slowest test took about 40 s once its
    // page's modules were loaded; the limits leave twice that. Loading them (lazy routes, antd) is long work: suites
    // of whole routes do it in a beforeAll with a limit of its own (preloadRoutes, test/render-route.tsx).
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
