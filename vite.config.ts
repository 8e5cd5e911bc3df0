import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes Brotli and gzip copies beside every script, style sheet and image the build emits, once,
 * at the strongest settings: the server sends whichever the browser accepts without compressing
 * per request (the landing page's JavaScript is about a third of its size in Brotli).
 */
function precompress(): Plugin {
  return {
    name: 'vintech-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = readFileSync(full);
        if (data.length < 1024) continue;
        writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/client',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the benchmark to sum what each route ships.
    manifest: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // Keep the browser's Host header: the API refuses writes whose Origin names another host.
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/trpc': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
