import { type KeyboardEvent, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import {
  AdminOverview,
  type AdminTab,
  DisputeManagement,
  PlayDateManagement,
  UserManagement,
  VenueManagement,
} from '../../features/admin'
import { GroupManagement } from '../../features/groups'
import { tabKeyTarget } from '../../lib/tab-keys'

const tabs: Array<{ id: AdminTab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'User Management' },
  { id: 'codes', label: 'Signup Codes' },
  { id: 'venues', label: 'Venues' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'groups', label: 'Groups' },
  { id: 'play-dates', label: 'PlayDate Management' },
]

export default function AdminPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const current = (tabs.find((t) => t.id === params.get('tab'))?.id ?? 'overview') as AdminTab

  // Signup Codes has its own page.
  const select = (tab: AdminTab) => {
    if (tab === 'codes') void navigate('/admin/signup-codes')
    else setParams(tab === 'overview' ? {} : { tab })
  }

  // Arrow keys, Home and End move the focus between the tabs; Enter or Space opens one (manual
  // activation: arrowing past Signup Codes must not leave the page, nor load every section).
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([])

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs.length)
    if (next === null) return
    event.preventDefault()
    tabRefs.current[next]?.focus()
  }

  return (
    <div>
      <PageHeader
        title="Admin Dashboard"
        description="Manage users, signup codes, venues, groups, PlayDates and disputed results."
      />
      {/* On a phone the seven tabs sit in two columns, every one in sight (a sideways-scrolling
          strip hid the selected tab off-screen); from sm up they are one underlined row. */}
      <div
        role="tablist"
        aria-label="Admin sections"
        className="mb-6 grid grid-cols-2 gap-1 sm:flex sm:border-b sm:border-slate-200"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element
            }}
            role="tab"
            type="button"
            id={`admin-tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={current === tab.id ? `admin-panel-${tab.id}` : undefined}
            tabIndex={current === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
            onKeyDown={(event) => onTabKey(event, index)}
            className={`min-h-11 rounded-lg border px-3 text-sm font-semibold sm:shrink-0 sm:rounded-none sm:border-0 sm:border-b-2 sm:px-4 sm:text-base ${
              current === tab.id
                ? 'border-brand-700 bg-brand-50 text-brand-800 sm:bg-transparent'
                : 'border-slate-200 text-slate-600 hover:text-slate-900 sm:border-transparent'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`}>
        {current === 'overview' ? <AdminOverview onManage={select} /> : null}
        {current === 'users' ? <UserManagement /> : null}
        {current === 'venues' ? <VenueManagement /> : null}
        {current === 'play-dates' ? <PlayDateManagement /> : null}
        {current === 'disputes' ? <DisputeManagement /> : null}
        {current === 'groups' ? <GroupManagement /> : null}
      </div>
    </div>
  )
}
