import { ArrowLeft } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-client'

// What the PlayDate page and its apply page show for a PlayDate they cannot load.
export const NOT_AUTHORIZED = 'Not authorized to view this PlayDate'

// A missing PlayDate (or an id that cannot be one) is answered 404 or 400.
export const isMissing = (error: unknown) =>
  isApiError(error) && (error.code === 'not_found' || error.code === 'invalid')

export function PlayDateNotFound({ detail }: { detail: string }) {
  return (
    <section aria-labelledby="play-date-not-found" className="mx-auto max-w-lg py-12 text-center">
      <h1 id="play-date-not-found" className="text-title font-bold text-slate-900">
        PlayDate Not Found
      </h1>
      <p className="mt-2 text-slate-600">{detail}</p>
      <ButtonLink to="/playdates" variant="secondary" className="mt-6">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to PlayDates
      </ButtonLink>
    </section>
  )
}
