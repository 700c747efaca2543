import { DetailsStepPage } from '../../features/play-dates'

export default function CreatePlayDateDetailsPage() {
  return <DetailsStepPage />
}
