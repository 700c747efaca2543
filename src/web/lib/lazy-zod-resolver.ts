import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'

type Schema = Parameters<typeof zodResolver>[0]

// A form resolver whose schema (and zod with it) loads after the form is on screen: when the
// player first focuses the form (`preload`), or at the first validation at the latest. Used on the
// pages visitors open first, so that zod is not part of their first load
// (docs/decisions/0041-web-first-load.md). The messages are the schema's own, as with zodResolver.
export function lazyZodResolver<TFields extends FieldValues, TOutput>(loadSchema: () => Promise<Schema>) {
  let loading: Promise<Resolver<TFields, unknown, TOutput>> | undefined

  const load = () => {
    if (!loading) {
      const current = loadSchema().then(
        (schema) => zodResolver(schema) as unknown as Resolver<TFields, unknown, TOutput>,
      )
      // A failed fetch (offline, a newer deploy) is tried again at the next validation.
      current.catch(() => {
        if (loading === current) loading = undefined
      })
      loading = current
    }
    return loading
  }

  const resolver: Resolver<TFields, unknown, TOutput> = async (values, context, options) => {
    let resolve: Resolver<TFields, unknown, TOutput>
    try {
      resolve = await load()
    } catch (error) {
      // Without the schema the server still validates the same input and answers field by field.
      console.warn('Could not load the form validation', error)
      return { values: values as unknown as TOutput, errors: {} }
    }
    return resolve(values, context, options)
  }

  return {
    resolver,
    preload: () => {
      load().catch(() => undefined)
    },
  }
}
