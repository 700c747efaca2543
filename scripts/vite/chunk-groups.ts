import { build, type Plugin } from 'vite'

// The signed-in home and the PlayDates pages in a few files instead of fifty
// (docs/decisions/0115-signed-in-chunks.md, 0153). Left to itself the bundler gives every set of
// pages that share a module a chunk of its own: the dashboard asked for 55 scripts, which a phone
// on HTTP/1.1 fetches six at a time. Which pages use which module is read from a first build left
// to the bundler's own chunking (its chunks' modules and static imports, after tree-shaking), and
// the real build then puts:
// - what the landing page loads beyond the entry into 'landing' (libraries left out);
// - what the sign-in page and one of the grouped pages both load into 'common';
// - what more than one grouped page loads into 'signed-in', what one loads into that page's group.
// Never grouped: what the entry loads (every page loads it), chunk entries (the pages, the shell,
// a module loaded on demand: each stays the chunk that its route and the preload lists name) and
// styles.

export const PLANNING_MODE = 'chunk-plan'

export interface BuiltChunk {
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  moduleIds: readonly string[]
  imports: readonly string[]
}

export interface GroupStarts {
  // The modules of the landing page and of the sign-in page.
  landing: string
  signIn: string
  // Each group and the module (a page, the shell) whose chunk starts it.
  groups: readonly (readonly [group: string, start: string])[]
}

// Which group each module goes into, from a build whose chunks the bundler chose alone.
export function planGroups(chunks: readonly BuiltChunk[], starts: GroupStarts): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const facades = new Set(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [chunk.facadeModuleId] : [])))
  // The modules a chunk and its static imports hold: what loading it runs.
  const loadedWith = (chunk: BuiltChunk | undefined) => {
    const modules = new Set<string>()
    const files = new Set<string>()
    const visit = (current: BuiltChunk | undefined) => {
      if (!current || files.has(current.fileName)) return
      files.add(current.fileName)
      for (const id of current.moduleIds) modules.add(id)
      for (const file of current.imports) visit(byFile.get(file))
    }
    visit(chunk)
    return modules
  }
  const usedBy = (moduleId: string) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId)
    if (!chunk) throw new Error(`chunk groups: no chunk starts at ${moduleId} (did a page move?)`)
    return loadedWith(chunk)
  }
  const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...loadedWith(chunk)]))
  const grouped = (id: string) => !initial.has(id) && !facades.has(id) && !/\.css(\?|$)/.test(id)

  const groupOf = new Map<string, string>()
  const landing = usedBy(starts.landing)
  for (const id of landing) {
    if (grouped(id) && !/[\\/]node_modules[\\/](?!lucide-react[\\/])/.test(id)) groupOf.set(id, 'landing')
  }
  const signIn = usedBy(starts.signIn)
  const users = new Map<string, string[]>()
  for (const [group, start] of starts.groups) {
    for (const id of usedBy(start)) users.set(id, [...(users.get(id) ?? []), group])
  }
  for (const [id, groups] of users) {
    if (!grouped(id) || landing.has(id)) continue
    groupOf.set(id, signIn.has(id) ? 'common' : groups.length === 1 ? groups[0]! : 'signed-in')
  }
  return groupOf
}

// The plugin that makes the first build (Vite's own, from the same config in PLANNING_MODE,
// written nowhere) and the code-splitting group that reads its plan.
export function chunkGroups(configFile: string, starts: GroupStarts) {
  let plan: Map<string, string> | undefined
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: (config, env) => env.command === 'build' && env.mode !== PLANNING_MODE && !config.build?.ssr,
    async buildStart() {
      const output = await build({
        configFile,
        mode: PLANNING_MODE,
        logLevel: 'warn',
        build: { write: false },
      })
      const outputs = (Array.isArray(output) ? output : [output]).flatMap((result) =>
        'output' in result ? result.output : [],
      )
      plan = planGroups(
        outputs.flatMap((file) => (file.type === 'chunk' ? [file] : [])),
        starts,
      )
      if (plan.size === 0) this.error('chunk groups: no module to group (did a page move?)')
    },
  }
  return {
    plugin,
    group: {
      debugName: 'chunk-groups',
      name: (moduleId: string) => plan?.get(moduleId) ?? null,
      // A grouped module's imports stay where the plan put them (the entry's, the common ones).
      includeDependenciesRecursively: false,
    },
  }
}
