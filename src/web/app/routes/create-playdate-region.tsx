import { RegionStep } from '../../features/play-dates/components/wizard-steps'

export default function CreatePlayDateRegionPage() {
  return <RegionStep />
}
