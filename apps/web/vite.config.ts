import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Every text asset compressed once here, brotli and gzip beside it; the server sends the one the browser
    // accepts (plugins/web.ts, issue 23 point 1). Smaller files go as they are.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // What each chunk holds, by module and size: `apps/web/.tmp/bundle-report.html` after a build (not served, not in git).
    visualizer({
      filename: fileURLToPath(new URL('./.tmp/bundle-report.html', import.meta.url)),
      gzipSize: true,
      brotliSize: true,
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
