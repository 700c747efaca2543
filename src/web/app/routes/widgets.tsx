import { widgets } from '../../../domain/widgets/widgets'
import { PageHeader } from '../../components/ui/page-header'
import { useSession } from '../../features/auth'
import { WidgetCard } from '../../features/widgets'

export default function WidgetsPage() {
  const { user } = useSession()
  return (
    <>
      <PageHeader
        title="Pickle Widgets"
        description="Handy tools for building teams, finding partners and settling rules."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {widgets.map((widget) => (
          <li key={widget.id}>
            <WidgetCard widget={widget} isSignedIn={user !== null} headingLevel={2} />
          </li>
        ))}
      </ul>
    </>
  )
}
