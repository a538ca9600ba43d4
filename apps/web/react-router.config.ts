import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  // The server's setting (apps/api config): `WEB_BUILD_DIR=… npm run build` builds a copy elsewhere
  // (prerender and precompress already write there), leaving the shared build alone.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config
