import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header'
import { LastUpdated, Prose, ProseSection, useScrollToHash } from '../../features/content'
import { config } from '../../lib/config'

export default function PrivacyPage() {
  useScrollToHash()
  const product = config.productName
  return (
    <>
      <PageHeader title="Privacy Policy" description={<LastUpdated date="November 28, 2026" />} />
      <Prose>
        <ProseSection id="summary" title="In short">
          <ul>
            <li>
              We keep what the app needs to match players, and nothing to sell: we do not sell or rent your
              data.
            </li>
            <li>
              Other players see your name, ratings, age range (“30s”) and city, never your email address. They
              see your birthdate and ZIP code only if you choose to show them.
            </li>
            <li>We use one cookie, to keep you signed in. No advertising or tracking cookies.</li>
            <li>You can ask us to delete your account and your data at any time.</li>
          </ul>
        </ProseSection>

        <ProseSection id="what" title="What we store">
          <ul>
            <li>
              <strong>Your profile:</strong> first and last name, gender, email address, DUPR rating, self
              rating, birthdate and ZIP code, and when you last confirmed your ratings.
            </li>
            <li>
              <strong>Your account:</strong> a password hash (never the password itself), whether your email
              is confirmed, and your active sessions with the browser and address they were started from.
            </li>
            <li>
              <strong>Connections:</strong> your friend requests, friends, regular partners and the players
              you watch.
            </li>
            <li>
              <strong>What you create:</strong> PlayDates and applications, chat messages within matched
              PlayDates, partner lists and the people on them (including email addresses you enter to invite
              someone) and SUPR Builder players. Questions to the AI Referee are not kept: we only count how
              many you ask, to keep the service fair for everyone.
            </li>
            <li>
              <strong>Notifications</strong> we send you in the app, and the emails we send you (confirmation,
              password reset, invitations you asked us to send).
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="why" title="Why we store it">
          <ul>
            <li>Ratings, gender and age group are what team checks and fair matches are built on.</li>
            <li>
              Your birthdate gives your age range, which your public profile shows, and your age, which the
              SUPR Builder’s over-50 reduction uses. The date itself stays private unless you choose to show
              it in Profile Settings.
            </li>
            <li>
              Your ZIP code helps us suggest nearby games and courts. Your public profile shows its city, not
              the code, unless you choose to show it.
            </li>
            <li>Your email address lets you sign in, confirm your account and reset your password.</li>
            <li>
              Session records keep you signed in and let us end sessions when you sign out or change your
              password.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="who" title="Who sees what">
          <ul>
            <li>
              <strong>Any signed-in player</strong> can see your public profile: name, DUPR and self ratings,
              age range and city (your birthdate and ZIP code too, if you choose to show them), and your
              connections.
            </li>
            <li>
              <strong>Players in your PlayDates</strong> see the PlayDate, its teams and, once matched, its
              chat.
            </li>
            <li>
              <strong>Only you</strong> see your email address, SUPR Builder players, partner lists and
              notifications, and your birthdate and ZIP code unless you choose to show them.
            </li>
            <li>
              <strong>Administrators</strong> of {product} can see accounts and PlayDates to keep the
              community safe and to help when you ask.
            </li>
            <li>
              <strong>Service providers:</strong> our email provider delivers our emails. When the AI Referee
              uses an external language model, your question text is sent to it, never your name or email.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="cookies" title="Cookies">
          <p>
            {product} sets a single cookie: a session cookie that keeps you signed in. It holds a random
            token, is not readable by scripts, is sent only to our own site and ends when you sign out or the
            session expires. We use no analytics, advertising or third-party cookies.
          </p>
          <p>
            Your browser also remembers your SUPR Builder settings and the players you picked for your team,
            in its local storage on your device, so they are still there when you come back. They are never
            sent anywhere.
          </p>
        </ProseSection>

        <ProseSection id="retention" title="How long we keep it">
          <ul>
            <li>Your profile and what you created stay while your account exists.</li>
            <li>Sessions end when you sign out and expire after a period without use.</li>
            <li>Notifications stay until you dismiss them.</li>
            <li>
              Links in our emails (confirmation, password reset) stop working after a short time or once used.
            </li>
          </ul>
        </ProseSection>

        <ProseSection id="deletion" title="Deleting your data">
          <p>
            You can change your profile at any time in <Link to="/profile">Profile Settings</Link>, and delete
            SUPR Builder players, partner lists and notifications yourself. To delete your whole account,
            contact us as described in the <Link to="/terms#contact">Terms of Service</Link>, writing from
            your account’s email address. We then delete your profile, connections, players, lists, sessions
            and notifications. Messages you sent in a PlayDate chat are removed with your account.
          </p>
        </ProseSection>

        <ProseSection id="security" title="Keeping it safe">
          <p>
            Passwords are stored with a slow, salted hash. Sessions are random tokens stored only as hashes on
            our side. Every request is checked on the server, so nobody can read or change another player’s
            private data through the app.
          </p>
        </ProseSection>

        <ProseSection id="changes" title="Changes">
          <p>
            If we change what we collect or who sees it, we will update this page and its date, and tell you
            in the app first when the change matters.
          </p>
        </ProseSection>
      </Prose>
    </>
  )
}
