import { TypeStep } from '../../features/play-dates'

export default function CreatePlayDatePage() {
  return <TypeStep />
}
