// The web app into dist/web, always as a production build: Vite takes NODE_ENV from the
// environment over its mode, and NODE_ENV=development (as .env.example sets for the server) made
// it bundle React's development build, 505 KB instead of 291 (docs/decisions/0077).
// `npm run dev` is the development path.
//
//   node scripts/build-web.mjs [--manifest]
import { build } from 'vite'

process.env.NODE_ENV = 'production'
await build({ mode: 'production', build: { manifest: process.argv.includes('--manifest') } })
