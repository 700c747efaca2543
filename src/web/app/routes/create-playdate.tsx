import { TypeStep } from '../../features/play-dates/components/wizard-steps'

export default function CreatePlayDatePage() {
  return <TypeStep />
}
