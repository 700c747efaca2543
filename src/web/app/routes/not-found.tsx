import { SearchX } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'

export function NotFoundView() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-lg py-12 text-center">
      <SearchX aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      <h1 id="not-found-title" className="mt-4 text-title font-bold text-slate-900 sm:text-3xl">
        Page Not Found
      </h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-6">
        Back to Home
      </ButtonLink>
    </section>
  )
}

export default NotFoundView
