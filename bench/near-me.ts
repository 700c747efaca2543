// npm run bench:near: Available by distance from home at 200,000 PlayDates (bench/lib/near-me.ts);
// writes bench/results/near-me.md. `npm run bench` runs it too (--no-near skips it).
import os from 'node:os'
import { measureNearMe, NEAR_ME_TARGET_P99_MS, writeNearMeReport } from './lib/near-me'

const measured = await measureNearMe()
await writeNearMeReport(
  measured,
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'} (load average ${os.loadavg()[0]!.toFixed(1)} at the end)`,
)
const missed = measured.results.filter((r) => !r.indexUsed || r.p99 >= NEAR_ME_TARGET_P99_MS)
if (missed.length) {
  console.error(`Near me missed its target: ${missed.map((r) => r.name).join(', ')}`)
  process.exitCode = 1
}
