import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API lives on the same origin in production (the all-in-one server serves dist/ and /api);
// in development the Vite server forwards /api to that server.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
