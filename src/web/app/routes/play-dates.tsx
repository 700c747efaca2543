import { CalendarPlus } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { PlayDateList } from '../../features/play-dates'

export default function PlayDatesPage() {
  return (
    <>
      <PageHeader
        title="PlayDates"
        description="Pay to play stronger players or earn by teaching, always with a friend as your partner."
        actions={
          <ButtonLink to="/create-playdate">
            <CalendarPlus aria-hidden="true" className="size-4" />
            Create PlayDate
          </ButtonLink>
        }
      />
      <PlayDateList />
    </>
  )
}
