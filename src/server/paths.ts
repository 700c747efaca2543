import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The project's folder: the nearest one above this module that holds package.json. The server
// runs from its sources (tests, `npm run dev`) and from its bundle in dist/server (`npm start`),
// so files it reads at run time are found from here, not from the module's own place.
function findProjectRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)))

// SQL migrations, applied at start-up.
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'src/server/db/migrations')

// The built web app (`npm run build`).
export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web')
