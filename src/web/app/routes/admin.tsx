import { useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { AdminOverview, type AdminTab } from '../../features/admin/components/admin-overview'
import { PlayDateManagement } from '../../features/admin/components/play-date-management'
import { UserManagement } from '../../features/admin/components/user-management'

const tabs: Array<{ id: AdminTab; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'users', label: 'User Management' },
  { id: 'codes', label: 'Signup Codes' },
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

  return (
    <div>
      <PageHeader title="Admin Dashboard" description="Manage users, signup codes and PlayDates." />
      <div
        role="tablist"
        aria-label="Admin sections"
        className="relative mb-6 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            role="tab"
            type="button"
            id={`admin-tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={`admin-panel-${tab.id}`}
            onClick={() => select(tab.id)}
            className={`min-h-11 shrink-0 border-b-2 px-4 font-semibold ${
              current === tab.id
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`}>
        {current === 'overview' ? <AdminOverview onManage={select} /> : null}
        {current === 'users' ? <UserManagement /> : null}
        {current === 'play-dates' ? <PlayDateManagement /> : null}
      </div>
    </div>
  )
}
