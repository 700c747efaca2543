import type { ResolverOptions } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazyZodResolver } from './lazy-zod-resolver'

const signIn = z.object({ email: z.string().trim().min(1, 'Email is required') })
type Fields = { email: string }
type Output = z.output<typeof signIn>
const options: ResolverOptions<Fields> = { fields: {}, shouldUseNativeValidation: false }

describe('lazyZodResolver', () => {
  it("validates with the schema once it has loaded, with the schema's own messages", async () => {
    const { resolver } = lazyZodResolver<Fields, Output>(async () => signIn)
    const invalid = await resolver({ email: ' ' }, undefined, options)
    expect(invalid.errors.email?.message).toBe('Email is required')
    const valid = await resolver({ email: ' maya@example.com ' }, undefined, options)
    expect(valid).toEqual({ values: { email: 'maya@example.com' }, errors: {} })
  })

  it('loads the schema once, however often the form validates or is focused', async () => {
    const load = vi.fn(async () => signIn)
    const { resolver, preload } = lazyZodResolver<Fields, Output>(load)
    preload()
    preload()
    await resolver({ email: 'a@b.c' }, undefined, options)
    await resolver({ email: '' }, undefined, options)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('leaves the checking to the server when the schema cannot be fetched, and tries again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(signIn)
    const { resolver } = lazyZodResolver<Fields, Output>(load)
    expect(await resolver({ email: '' }, undefined, options)).toEqual({ values: { email: '' }, errors: {} })
    expect(warn).toHaveBeenCalledOnce()
    const retried = await resolver({ email: '' }, undefined, options)
    expect(retried.errors.email?.message).toBe('Email is required')
    expect(load).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })
})
