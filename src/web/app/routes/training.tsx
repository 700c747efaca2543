import { PageHeader } from '../../components/ui/page-header'
import { TrainingPartners } from '../../features/team-builder'

export default function TrainingPage() {
  return (
    <>
      <PageHeader
        title="Train with Friends"
        description="Practice with friends near your level: the closer the DUPR, the better the drills."
      />
      <TrainingPartners />
    </>
  )
}
