import { StateStep } from '../../features/play-dates/components/wizard-steps'

export default function CreatePlayDateStatePage() {
  return <StateStep />
}
