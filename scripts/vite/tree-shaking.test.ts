import { describe, expect, it } from 'vitest'
import { FEATURE_SURFACE, markTopLevelCallsPure, sideEffectFreeSurfaces } from './tree-shaking'

describe('markTopLevelCallsPure', () => {
  it('marks every call that builds a top-level value: a chain of builder calls once, at its start', () => {
    const code = [
      "export const amount = z.coerce.number().min(1, 'Amount must be above 0')",
      'const ids = new Set(list.map((item) => item.id))',
    ].join('\n')
    expect(markTopLevelCallsPure(code)).toBe(
      [
        "export const amount = /* @__PURE__ */ z.coerce.number().min(1, 'Amount must be above 0')",
        'const ids = /* @__PURE__ */ new Set(/* @__PURE__ */ list.map((item) => item.id))',
      ].join('\n'),
    )
  })

  it('leaves calls inside functions and statements that run when the module loads alone', () => {
    expect(
      markTopLevelCallsPure('export const f = () => g()\nexport function h() { return g() }\nsetUp()'),
    ).toBeNull()
  })
})

describe('sideEffectFreeSurfaces', () => {
  it("marks a web feature's index as free of side effects, and no other module", () => {
    expect(FEATURE_SURFACE.test('/app/src/web/features/auth/index.ts')).toBe(true)
    expect(FEATURE_SURFACE.test('/app/src/web/features/auth/index.tsx')).toBe(true)
    expect(FEATURE_SURFACE.test('/app/src/web/features/auth/session.ts')).toBe(false)
    expect(FEATURE_SURFACE.test('/app/src/web/lib/index.ts')).toBe(false)
    const transform = sideEffectFreeSurfaces().transform as { handler: () => unknown }
    expect(transform.handler()).toEqual({ moduleSideEffects: false })
  })
})
