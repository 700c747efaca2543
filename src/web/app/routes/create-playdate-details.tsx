import { DetailsStepPage } from '../../features/play-dates/components/wizard-details-step'

export default function CreatePlayDateDetailsPage() {
  return <DetailsStepPage />
}
