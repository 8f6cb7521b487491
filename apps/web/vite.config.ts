import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * What the signed-in shell needs for its first screen, in one chunk: the layout route and the list kit
 * with everything they import statically (their lazy parts stay out), and antd's parts that the layout and a list
 * use. Left to itself the bundler made some 80 small shared chunks of them, each a request with its headers.
 */
const SHELL = [
  /src[\\/]app[\\/](antd-shell\.tsx|layout[\\/]app-layout\.tsx)$/,
  /src[\\/]shared[\\/](components[\\/]list-table[\\/](paged-search-table|list-page-card)\.tsx|hooks[\\/]use-paged-search\.ts)$/,
  /node_modules[\\/]antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|message|notification|modal|button|menu|dropdown|badge|tooltip|space|typography|card|table|pagination|form|grid|input|select|checkbox|radio|spin|empty|tag|switch|breadcrumb)[\\/]/,
];

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Every text asset compressed once here, brotli and gzip beside it; the server sends the one the browser
    // accepts (plugins/web.ts). Smaller files go as they are.
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports stays in it (the sign-in page's first load), whoever else imports it too.
            { name: 'index', tags: ['$initial'], priority: 3 },
            // What the sign-in page shares with the signed-in screens (react-query's hooks, the sign-in rules): one
            // chunk of its own; in the shell's, the sign-in page would load the shell.
            {
              name: 'sign-in-common',
              test: /node_modules[\\/]@tanstack[\\/]react-query[\\/]|packages[\\/]shared[\\/]src[\\/]login-rules\.ts$/,
              priority: 2,
            },
            { name: 'shell', test: (id) => SHELL.some((re) => re.test(id)), priority: 1 },
            // The enterprise's home (备案申请) with its own parts, in one chunk instead of five.
            {
              name: 'record-list-page',
              test: /src[\\/]features[\\/]records[\\/]record-list-page\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
