// Vite build of the web app. Output goes to web/dist, which the gateway serves and workbox precaches.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // PouchDB's browser build still reads the Node-style `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/db': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
});
