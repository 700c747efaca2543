import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, lockDataDir } from './data-dir-lock'

// Another process holds the lock (a server on the same DATA_DIR): it prints once it does.
async function holder(dataDir: string): Promise<ChildProcess> {
  const lockModule = path.resolve(import.meta.dirname, 'data-dir-lock.ts')
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)})
       await lockDataDir(${JSON.stringify(dataDir)}, 'a test holder', () => {})
       console.log('locked')
       setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('locked') && resolve())
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)))
  })
  return child
}

const dirs: string[] = []
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the embedded database lock', () => {
  it('refuses a second process, naming the one that holds it, and is free at once when that one is killed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pm-lock-'))
    dirs.push(dataDir)
    const child = await holder(dataDir)
    children.push(child)

    const refused = await lockDataDir(dataDir, 'a second server', () => {}).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataDirInUseError)
    expect((refused as Error).message).toContain(`a test holder (pid ${child.pid} on `)

    // SIGKILL: no exit code removes the lock; it is taken over without waiting for it to go stale.
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    const lock = await lockDataDir(dataDir, 'the next server', () => {})
    await lock.release()
  }, 30_000)
})
