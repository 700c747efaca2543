import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'

type Schema = Parameters<typeof zodResolver>[0]

// A resolver for a form whose inputs hold text: `toInput` turns the form's values into what the
// domain schema checks (numbers from text, null for a cleared field), so the messages are the
// schema's own. The schema may refuse what `toInput` makes of them: that is its job.
export function mappedZodResolver<TFields extends FieldValues, TOutput>(
  schema: Schema,
  toInput: (values: TFields) => unknown,
): Resolver<TFields, unknown, TOutput> {
  const check = zodResolver(schema)
  return (values, context, options) =>
    check(
      toInput(values) as Parameters<typeof check>[0],
      context,
      options as unknown as Parameters<typeof check>[2],
    ) as unknown as ReturnType<Resolver<TFields, unknown, TOutput>>
}
