import { RegionStep } from '../../features/play-dates'

export default function CreatePlayDateRegionPage() {
  return <RegionStep />
}
