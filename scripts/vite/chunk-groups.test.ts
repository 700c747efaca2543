import { describe, expect, it } from 'vitest'
import { type BuiltChunk, chunkGroups, PLANNING_MODE, planGroups } from './chunk-groups'

// A build as the bundler chunks it alone: an entry with the framework, the landing page, the
// sign-in page, the signed-in shell and three signed-in pages, and the common chunks between them.
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  facade?: string,
): BuiltChunk => ({
  fileName,
  isEntry: fileName === 'index.js',
  facadeModuleId: facade ?? null,
  moduleIds,
  imports,
})
const build: BuiltChunk[] = [
  chunk('index.js', ['/src/web/main.tsx', '/src/web/lib/config.ts', '/src/web/styles.css'], ['framework.js']),
  chunk('framework.js', ['/node_modules/react/index.js']),
  chunk(
    'home.js',
    ['/src/web/app/routes/home.tsx'],
    ['index.js', 'landing-bits.js'],
    '/src/web/app/routes/home.tsx',
  ),
  chunk('landing-bits.js', [
    '/src/web/components/hero.tsx',
    '/node_modules/lucide-react/dist/esm/icons/users.js',
    '/node_modules/some-library/index.js',
  ]),
  chunk(
    'sign-in.js',
    ['/src/web/app/routes/sign-in.tsx'],
    ['index.js', 'formats.js'],
    '/src/web/app/routes/sign-in.tsx',
  ),
  chunk('formats.js', ['/src/domain/formats.ts']),
  chunk(
    'shell.js',
    ['/src/web/app/signed-in-shell.tsx'],
    ['index.js', 'shared.js'],
    '/src/web/app/signed-in-shell.tsx',
  ),
  chunk('shared.js', ['/src/web/components/avatar.tsx', '/node_modules/zod/index.js']),
  chunk(
    'dashboard.js',
    ['/src/web/app/routes/dashboard.tsx', '/src/web/features/home/next-games.tsx'],
    ['index.js', 'shared.js', 'formats.js', 'cards.js'],
    '/src/web/app/routes/dashboard.tsx',
  ),
  chunk(
    'play-dates.js',
    ['/src/web/app/routes/play-dates.tsx'],
    ['index.js', 'cards.js', 'dialog.js'],
    '/src/web/app/routes/play-dates.tsx',
  ),
  chunk('cards.js', ['/src/web/features/play-dates/card.tsx', '/src/web/features/play-dates/card.css']),
  // A module loaded on demand: the chunk it starts stays its own.
  chunk(
    'dialog.js',
    ['/src/web/features/play-dates/dialog.tsx'],
    [],
    '/src/web/features/play-dates/dialog.tsx',
  ),
  chunk(
    'detail.js',
    ['/src/web/app/routes/detail.tsx'],
    ['index.js', 'cards.js'],
    '/src/web/app/routes/detail.tsx',
  ),
]
const starts = {
  landing: '/src/web/app/routes/home.tsx',
  signIn: '/src/web/app/routes/sign-in.tsx',
  groups: [
    ['signed-in', '/src/web/app/signed-in-shell.tsx'],
    ['home', '/src/web/app/routes/dashboard.tsx'],
    ['play-dates-list', '/src/web/app/routes/play-dates.tsx'],
    ['play-date', '/src/web/app/routes/detail.tsx'],
  ] as const,
}

describe('planGroups', () => {
  const plan = planGroups(build, starts)

  it('puts what the landing page loads beyond the entry into landing, its icons too but no other library', () => {
    expect(plan.get('/src/web/components/hero.tsx')).toBe('landing')
    expect(plan.get('/node_modules/lucide-react/dist/esm/icons/users.js')).toBe('landing')
    expect(plan.has('/node_modules/some-library/index.js')).toBe(false)
  })

  it('puts what several signed-in pages load into signed-in, and what one loads into its own group', () => {
    expect(plan.get('/src/web/components/avatar.tsx')).toBe('signed-in')
    expect(plan.get('/node_modules/zod/index.js')).toBe('signed-in')
    expect(plan.get('/src/web/features/play-dates/card.tsx')).toBe('signed-in')
    expect(plan.get('/src/web/features/home/next-games.tsx')).toBe('home')
  })

  it('puts what the sign-in page shares with a signed-in page into common', () => {
    expect(plan.get('/src/domain/formats.ts')).toBe('common')
  })

  it('leaves the entry, the pages, the shell, modules loaded on demand and styles where they are', () => {
    for (const id of [
      '/src/web/main.tsx',
      '/src/web/lib/config.ts',
      '/node_modules/react/index.js',
      '/src/web/app/routes/dashboard.tsx',
      '/src/web/app/signed-in-shell.tsx',
      '/src/web/features/play-dates/dialog.tsx',
      '/src/web/features/play-dates/card.css',
    ])
      expect(plan.has(id), id).toBe(false)
  })

  it('fails when a page it starts from has no chunk (a page moved)', () => {
    expect(() => planGroups(build, { ...starts, signIn: '/src/web/app/routes/login.tsx' })).toThrow(
      /no chunk starts at .*login\.tsx/,
    )
  })
})

describe('chunkGroups', () => {
  const { plugin, group } = chunkGroups('vite.config.ts', starts)
  const applies = (mode: string, ssr?: string) =>
    (plugin.apply as (config: object, env: object) => boolean)({ build: { ssr } }, { command: 'build', mode })

  it('plans the production build only: not its own first pass, the server render or the dev server', () => {
    expect(applies('production')).toBe(true)
    expect(applies(PLANNING_MODE)).toBe(false)
    expect(applies('production', 'src/web/prerender.tsx')).toBe(false)
    expect(
      (plugin.apply as (config: object, env: object) => boolean)(
        {},
        { command: 'serve', mode: 'development' },
      ),
    ).toBe(false)
  })

  it('groups nothing until the plan is made', () => {
    expect(group.name('/src/web/components/avatar.tsx')).toBeNull()
    expect(group.includeDependenciesRecursively).toBe(false)
  })
})
