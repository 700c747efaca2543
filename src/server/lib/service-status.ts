import type { DatabaseOutages } from './db-outage'

// What an instance reports on /api/health beyond its database answering.
export interface ServiceStatus {
  // From SIGTERM on: health answers 503, so a load balancer stops sending here first (main.ts).
  stopping: boolean
  // The database's outages as the requests met them (lib/db-outage.ts).
  outages: DatabaseOutages
}
