import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const contracts = fileURLToPath(new URL('../../packages/contracts/src', import.meta.url));
const server = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // The web app bundles the contracts from source, like the tests do.
    alias: [
      { find: /^@iot\/contracts$/, replacement: `${contracts}/index.ts` },
      { find: /^@iot\/contracts\/(.*)$/, replacement: `${contracts}/$1/index.ts` },
    ],
  },
  server: {
    proxy: {
      '/iot': server,
      '/openapi.json': server,
      '/data-server': server,
      '/socket': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Keep the framework apart from screens so the sign-in page stays small and caches well.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/(antd|@ant-design|rc-|@rc-component)/.test(id)) return 'antd';
          return undefined;
        },
      },
    },
  },
});
