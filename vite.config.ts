import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  root: 'src/client',
  plugins: [react()],
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
