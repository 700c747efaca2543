import { StateStep } from '../../features/play-dates'

export default function CreatePlayDateStatePage() {
  return <StateStep />
}
