import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { SignupCodes } from '../../features/admin'

export default function AdminSignupCodesPage() {
  return (
    <div>
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Admin Dashboard
      </Link>
      <h1 className="mt-3 mb-6 text-title font-bold sm:text-3xl">Signup Codes</h1>
      <SignupCodes />
    </div>
  )
}
