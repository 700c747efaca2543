import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { Prose, ProseSection, useScrollToHash } from '../../features/content'
import { config } from '../../lib/config'

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm [&_p]:mt-0">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        {question}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="space-y-2 px-4 pb-4">{children}</div>
    </details>
  )
}

const roadmap = [
  {
    title: 'Easy Rating',
    status: 'Next',
    text: 'A quick self-assessment, helped by the players who know your game, for players without enough DUPR matches yet.',
  },
  {
    title: 'PlayDate reminders',
    status: 'Planned',
    text: 'A reminder the day before a matched PlayDate, with the time and place the teams agreed in the chat.',
  },
  {
    title: 'Court finder',
    status: 'Planned',
    text: 'Courts near your ZIP code with open-play times, so a matched PlayDate can pick a place in one step.',
  },
  {
    title: 'SUPR Builder saved teams',
    status: 'Exploring',
    text: 'Keep several named teams for leagues and tournaments and share a team check with your captain.',
  },
  {
    title: 'Practice plans',
    status: 'Exploring',
    text: 'Drills for Train with Friends sessions, matched to the level of the friends taking part.',
  },
]

export default function AboutPage() {
  useScrollToHash()
  const product = config.productName
  return (
    <>
      <PageHeader
        title="About Us"
        description="Level Up Your Match: a home for players who want good games."
      />
      <Prose>
        <ProseSection title="Why we built it">
          <p>
            {product} started on the courts. Finding a game that is neither a walkover nor a beat-down takes
            texts, group chats and luck. We wanted one place where players of every level can find the right
            partners and opponents, agree on a game and show up ready to play.
          </p>
          <p>
            Ratings sit at the centre of it. Every player keeps their DUPR and a self rating, so PlayDates,
            partner lists and the SUPR Builder can match people who will enjoy playing each other.
          </p>
        </ProseSection>

        <ProseSection title="What you can do">
          <ul>
            <li>
              <strong>PlayDates:</strong> team up with a friend, or join alone and be paired with another
              player, and pay to play a stronger team, or earn by giving a session to players who want to
              learn from you.
            </li>
            <li>
              <strong>Player Connections:</strong> add friends, see their profiles and choose regular
              partners.
            </li>
            <li>
              <strong>Pickle Widgets:</strong> the SUPR Builder, Partner Lists, Train with Friends and the AI
              Referee for rules questions.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="help" title="Help and FAQ">
          <p>
            New to a word? The <Link to="/glossary">Glossary</Link> explains the pickleball and {product}{' '}
            terms.
          </p>
          <div className="mt-4 space-y-3">
            <Question question="How do I create a PlayDate?">
              <p>
                Go to PlayDates, choose Pay or Earn, pick the state and regions where you can play, choose a
                friend as your partner or post it with &ldquo;Partner wanted&rdquo;, set the hourly amount and
                describe the game. Other teams, and players joining alone, can then apply, and you pick who
                you play.
              </p>
            </Question>
            <Question question="Does the app handle payments?">
              <p>
                No. The amount on a PlayDate is what the teams agree on. Payment happens between the players,
                outside the app. See our <Link to="/terms">Terms of Service</Link>.
              </p>
            </Question>
            <Question question="How does the SUPR Builder add up a team?">
              <p>
                You are the captain. Choose one player for a team of 2, or three for a team of 4, from your
                players list. Each player counts at their DUPR, minus 0.5 for a woman and minus 0.5 for a
                player aged 50 or over when those reductions are switched on. The total is compared with the
                maximum combined DUPR you set (from 4 to 28): at or below it the team is Within Limits, above
                it the team is Too High.
              </p>
            </Question>
            <Question question="Who can see my players list?">
              <p>
                Only you. Linking a player to a profile does not tell that person, and nobody else can see or
                change your list.
              </p>
            </Question>
            <Question question="How do I add a friend?">
              <p>
                Open Player Connections and search for the player by name (at least two letters). Send a
                request; once they accept, you are friends and can partner on PlayDates.
              </p>
            </Question>
            <Question question="How do I update my ratings?">
              <p>
                Change your DUPR and self rating in <Link to="/profile">Profile Settings</Link> at any time.
                Every few months we also ask you to confirm them, so matches stay fair.
              </p>
            </Question>
            <Question question="I did not get the confirmation email.">
              <p>
                Check your spam folder first. On the sign-in page you can ask for a new confirmation link; the
                newest link is the one that works.
              </p>
            </Question>
            <Question question="How do I delete my account?">
              <p>
                Write to us from the email address of your account and we will delete it along with your data,
                as described in the <Link to="/privacy">Privacy Policy</Link>.
              </p>
            </Question>
          </div>
        </ProseSection>

        <ProseSection id="roadmap" title="Road map">
          <p>
            What we are working on next. Plans change as we hear from players, so treat dates as hopes, not
            promises.
          </p>
          <ol className="mt-4 space-y-3">
            {roadmap.map((item) => (
              <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="mt-0 flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{item.title}</span>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    {item.status}
                  </span>
                </p>
                <p className="mt-1">{item.text}</p>
              </li>
            ))}
          </ol>
        </ProseSection>
      </Prose>
    </>
  )
}
