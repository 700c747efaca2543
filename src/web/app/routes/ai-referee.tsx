import { PageHeader } from '../../components/ui/page-header'
import { RefereeChat } from '../../features/referee'

export default function AiRefereePage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="AI Referee"
        description="Quick answers to rules questions, based on our summary of the official rulebook (2025 edition)."
      />
      <RefereeChat />
    </div>
  )
}
