import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { LastUpdated, Prose, ProseSection, useScrollToHash } from '../../features/content'
import { config } from '../../lib/config'

function HelpLink({ children }: { children: string }) {
  return /^https?:\/\//.test(config.helpUrl) ? (
    <a href={config.helpUrl} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link to={config.helpUrl}>{children}</Link>
  )
}

export default function TermsPage() {
  useScrollToHash()
  const product = config.productName
  return (
    <>
      <PageHeader title="Terms of Service" description={<LastUpdated date="November 21, 2026" />} />
      <Prose>
        <ProseSection id="agreement" title="1. This agreement">
          <p>
            These terms apply to everyone who uses {product}: the website, its tools and its messages. By
            creating an account or using the site you agree to them. If you do not agree, please do not use{' '}
            {product}.
          </p>
          <p>
            You must be at least 18 years old, or have the permission of a parent or guardian, to create an
            account.
          </p>
        </ProseSection>

        <ProseSection id="service" title="2. What we offer">
          <p>
            {product} helps pickleball players find each other: profiles with ratings, connections between
            players, PlayDates (games that two teams agree on), partner lists, a team builder and a rules
            assistant. We provide the meeting place. We do not organise the games, run the courts or employ
            the players.
          </p>
        </ProseSection>

        <ProseSection id="money" title="3. PlayDates and money">
          <p>
            A PlayDate may name an hourly amount that one team pays the other. That amount is an agreement
            between the players alone.
          </p>
          <ul>
            <li>{product} does not collect, hold, transfer or refund money, and takes no fee.</li>
            <li>
              We do not check that a game took place, that it was played at the agreed level or that anyone
              was paid. Settle payments, cancellations and refunds directly with the other players.
            </li>
            <li>
              Only agree to pay what you are comfortable paying, and agree on the details before you play.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="accounts" title="4. Your account">
          <ul>
            <li>Give your real name and honest ratings. Matches are only fair if ratings are.</li>
            <li>One person, one account. Do not share your password or sign in as someone else.</li>
            <li>
              You are responsible for what happens under your account. Tell us at once if you think someone
              else has used it.
            </li>
            <li>
              When you add players to your SUPR Builder or partner lists, only add people you actually play
              with, and only invite people by email who expect to hear from you.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="conduct" title="5. How we play together">
          <p>Treat other players the way you want to be treated on the court. In particular, do not:</p>
          <ul>
            <li>harass, threaten, insult or discriminate against anyone, in messages or in person;</li>
            <li>post content that is unlawful, sexual, hateful or that is not yours to share;</li>
            <li>misrepresent your rating to win money or a more favourable match;</li>
            <li>
              send spam, advertise, or collect other players’ details for purposes unrelated to playing;
            </li>
            <li>try to break, overload or get around the security of the site.</li>
          </ul>
          <p>
            Play safely: warm up, know your limits and follow the rules of the venue. Pickleball is a physical
            sport and you take part at your own risk.
          </p>
        </ProseSection>

        <ProseSection id="referee" title="6. The AI Referee">
          <p>
            The AI Referee answers rules questions from a summary of the official rules. Its answers are a
            guide, not an official ruling: the referee or the players on court have the final word.
          </p>
        </ProseSection>

        <ProseSection id="termination" title="7. Pausing and closing accounts">
          <p>
            You may stop using {product} at any time and ask us to delete your account. We may pause or close
            an account that breaks these terms, puts other players at risk or is used to defraud anyone. Where
            it is safe and reasonable, we will tell you why. A paused account cannot sign in until the pause
            is lifted.
          </p>
        </ProseSection>

        <ProseSection id="liability" title="8. Responsibility and liability">
          <ul>
            <li>
              {product} is provided as it is. We work to keep it available and correct but cannot promise that
              it will always be, or that ratings, team totals and rules answers are free of errors.
            </li>
            <li>
              We are not a party to the agreements players make with each other, and we are not responsible
              for games, payments, injuries, lost property or disputes between players.
            </li>
            <li>
              To the extent the law allows, we are not liable for indirect or consequential losses arising
              from your use of the site. Nothing in these terms limits rights you have by law that cannot be
              limited.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="changes" title="9. Changes to these terms">
          <p>
            We may update these terms as {product} grows. The date at the top shows the latest version. If a
            change matters to how you use the site, we will let you know in the app before it takes effect.
            Continuing to use
            {` ${product}`} after that means you accept the new terms.
          </p>
        </ProseSection>

        <ProseSection id="contact" title="10. Contact">
          <p>
            Questions about these terms, a report about another player or a request about your account: reach
            us through our <HelpLink>help page</HelpLink>. When it concerns your account, write from the email
            address you signed up with so we can confirm it is you. How we handle your data is described in
            our <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </ProseSection>
      </Prose>
    </>
  )
}
