import { chmodSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { controlSocketPath, makeBackup, readKeptKeys } from '../db/backup'
import type { Database } from '../db/client'
import type { Logger } from './logger'

// The running server's local door for `npm run backup` (docs/decisions/0145): it holds the
// embedded database's lock (0143), so a backup of it is made here, by the process that has the
// database open. A Unix socket, readable and writable by this user only: nothing on the network
// reaches it. The client sends `backup`; the answer is `OK` and the backup's bytes, or `ERROR`
// and why.
export function startControlSocket(parts: { dataDir: string; database: Database; logger: Logger }) {
  const { dataDir, database, logger } = parts
  const file = controlSocketPath(dataDir)
  // Left by a server that was killed: this process holds the lock, so no other uses it.
  rmSync(file, { force: true })
  const server = createServer((socket) => {
    let asked = ''
    socket.on('error', () => undefined)
    socket.on('data', (chunk) => {
      asked += String(chunk)
      if (!asked.includes('\n')) return
      socket.removeAllListeners('data')
      if (asked.trim() !== 'backup' || !database.dump) return void socket.end('ERROR unknown command\n')
      const started = performance.now()
      database.dump().then(
        (sql) => {
          const backup = makeBackup(sql, readKeptKeys(dataDir), new Date())
          logger.info({ bytes: backup.length, ms: Math.round(performance.now() - started) }, 'backup made')
          socket.end(Buffer.concat([Buffer.from('OK\n'), backup]))
        },
        (error: unknown) => {
          logger.error({ err: error }, 'backup failed')
          socket.end(`ERROR ${error instanceof Error ? error.message : String(error)}\n`)
        },
      )
    })
  })
  server.on('error', (error) => logger.warn({ err: error, file }, 'the backup socket could not open'))
  server.listen(file, () => chmodSync(file, 0o600))
  return {
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          rmSync(file, { force: true })
          resolve()
        }),
      ),
  }
}

// Asks the server running on `dataDir` for a backup: its bytes, or an error saying why not.
export async function backupThroughServer(dataDir: string): Promise<Buffer> {
  const { connect } = await import('node:net')
  return new Promise((resolve, reject) => {
    const socket = connect(controlSocketPath(dataDir))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const all = Buffer.concat(chunks)
      const newline = all.indexOf(10)
      const status = all.subarray(0, newline).toString()
      if (status === 'OK') resolve(all.subarray(newline + 1))
      else reject(new Error(status.replace(/^ERROR /, '') || 'the server closed the connection'))
    })
    socket.write('backup\n')
  })
}
