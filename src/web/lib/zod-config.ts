// The app's CSP forbids eval. Zod probes `new Function` once to decide whether to compile its
// parsers; the blocked probe is reported as a CSP violation. Jitless skips the probe. Zod reads
// this global object (creating it if absent), so this module is imported before any schema.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> }
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true })

export {}
