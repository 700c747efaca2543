import type { ResolverOptions } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { mappedZodResolver } from './mapped-zod-resolver'

const courtsInput = z.object({ courts: z.number().int().min(1, 'At least one court') })
type Fields = { courts: string }
const options: ResolverOptions<Fields> = { fields: {}, shouldUseNativeValidation: false }
const resolver = mappedZodResolver<Fields, z.output<typeof courtsInput>>(courtsInput, (values) => ({
  courts: values.courts.trim() === '' ? Number.NaN : Number(values.courts),
}))

describe('mappedZodResolver', () => {
  it('checks what the form’s text makes, and answers with the schema’s output', async () => {
    expect(await resolver({ courts: ' 8 ' }, undefined, options)).toEqual({
      values: { courts: 8 },
      errors: {},
    })
  })

  it('gives the schema’s own message, on the field it names', async () => {
    const result = await resolver({ courts: '0' }, undefined, options)
    expect(result.values).toEqual({})
    expect(result.errors.courts?.message).toBe('At least one court')
  })
})
