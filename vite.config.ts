import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// One config for the app (Vite) and the unit tests (Vitest).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  worker: { format: 'es' },
  // Everything is bundled (KaTeX, D3) so the app works offline; one ~550 kB chunk is expected.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts', 'app/**/*.test.ts'],
    environment: 'node',
    // Property tests build and verify many schedules; on a busy 2-core CI machine some take seconds.
    // This is a hang guard, not a speed requirement (speed is measured in bench/).
    testTimeout: 60_000,
  },
});
