import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

// The server of an e2e run has no model provider configured, so the referee answers with
// rulebook excerpts.

const password = 'rules-of-the-court-42'
let account: Promise<string> | undefined

// One confirmed account for the whole file, made through the real sign-up and the dev mailbox.
async function createAccount(request: APIRequestContext, origin: string) {
  const email = `referee-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const signUp = await request.post('/api/auth/sign-up', {
    headers: { origin },
    data: {
      firstName: 'Rita',
      lastName: 'Referee',
      gender: 'female',
      duprRating: 3.5,
      selfRating: 3.25,
      birthdate: '1988-04-02',
      zipCode: '85004',
      email,
      password,
      consent: true,
    },
  })
  expect(signUp.status()).toBe(201)
  const mail = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)
  const messages = (await mail.json()) as Array<{ links: string[] }>
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('/email-confirmation'))
  const token = link ? new URL(link).searchParams.get('token') : null
  expect(token).toBeTruthy()
  const confirmed = await request.post('/api/auth/confirm-email', { headers: { origin }, data: { token } })
  expect(confirmed.status()).toBe(200)
  return email
}

async function signIn(page: Page, origin: string) {
  const email = await (account ??= createAccount(page.request, origin))
  const res = await page.request.post('/api/auth/sign-in', { headers: { origin }, data: { email, password } })
  expect(res.status()).toBe(200)
}

const RULE_NUMBER = /\b\d+\.[A-Z](\.\d+)?\b/

test.describe('AI Referee', () => {
  test('a player asks about the kitchen, switches rule numbers off, asks again and resets @phone-only', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!)
    await page.goto('/ai-referee')
    await expect(page).toHaveTitle('AI Referee | PickleMatch | Level Up Your Match')
    await expect(page.getByRole('heading', { level: 1, name: 'AI Referee' })).toBeVisible()

    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log).toContainText("I'm your AI Referee")

    const question = page.getByRole('textbox', { name: 'Your question' })
    await question.fill('can I volley in the kitchen?')
    await page.getByRole('button', { name: 'Send' }).click()

    const answers = log.getByRole('listitem').filter({ hasText: 'AI Referee:' })
    const first = answers.nth(1)
    // The answer first; the rule text is folded below it, and nothing speaks of a model.
    await expect(first.getByText(/^No: every volley must start outside the non-volley zone/)).toBeVisible()
    await expect(first).not.toContainText('model')
    await first.getByText('The rule text').click()
    await expect(first).toContainText('From the rulebook:')
    await expect(first).toContainText('Non-Volley Zone: Volleying and the non-volley zone')
    await expect(first).toContainText('9.A')
    await expect(first).toContainText('Every volley must be started from outside the non-volley zone.')
    await expect(first.locator('strong', { hasText: '9.A' })).toBeVisible()
    await expect(log.getByRole('listitem').filter({ hasText: 'You:' })).toHaveText(
      'You: can I volley in the kitchen?',
    )
    await expect(question).toHaveValue('')

    // Settings: rule numbers off.
    // The gear says what it sets and how it is set.
    const gear = page.getByRole('button', { name: 'Settings' })
    await expect(gear).toHaveAccessibleName(/^Rule numbers: on/)
    await expect(gear).toHaveAttribute('aria-expanded', 'false')
    await gear.click()
    const includeNumbers = page.getByRole('checkbox', { name: 'Include rule numbers in responses' })
    await expect(includeNumbers).toBeChecked()
    await includeNumbers.uncheck()
    await expect(gear).toHaveAccessibleName(/^Rule numbers: off/)

    await question.fill('can I volley in the kitchen?')
    await question.press('Enter')
    const second = answers.nth(2)
    await second.getByText('The rule text').click()
    await expect(second).toContainText('Every volley must be started from outside the non-volley zone.')
    expect(await second.innerText()).not.toMatch(RULE_NUMBER)
    await expect(first).toContainText('9.A')

    // Reset clears the conversation back to the greeting.
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(log.getByRole('listitem')).toHaveCount(1)
    await expect(log).toContainText("I'm your AI Referee")
    await expect(log).not.toContainText('From the rulebook')
    await expect(includeNumbers).not.toBeChecked()
  })

  test('the first answer to the kitchen question is its answer, and a follow-up builds on it @phone-only', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!)
    await page.goto('/ai-referee')
    const log = page.getByRole('log', { name: 'Conversation' })
    const question = page.getByRole('textbox', { name: 'Your question' })
    const answers = log.getByRole('listitem').filter({ hasText: 'AI Referee:' })

    await question.fill('Can I volley while standing in the kitchen?')
    await page.getByRole('button', { name: 'Send' }).click()
    const first = answers.nth(1)
    // Read without opening anything: the rule text stays folded.
    const lead = first.locator('p').filter({ hasText: /^No: / })
    await expect(lead).toBeVisible()
    await expect(lead).toContainText('9.A')
    await expect(lead.getByText('9.A', { exact: true })).toBeVisible()
    await expect(first.locator('details')).not.toHaveAttribute('open', '')

    // "What about my partner?" on its own is about line calls; after the kitchen question it asks
    // the same of the partner: their volley there is a fault too, and the team's.
    await question.fill('What about my partner?')
    await question.press('Enter')
    const second = answers.nth(2)
    const followUp = second.locator('p').filter({ hasText: /^No: / })
    await expect(followUp).toBeVisible()
    await expect(followUp).toContainText("that is your partner's fault, and so your team's")
    await expect(followUp).toContainText('9.A')
  })

  test('a question sent while the referee is answering is ignored', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    let calls = 0
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/referee/ask', async (route) => {
      calls += 1
      await held
      await route.continue()
    })
    await page.goto('/ai-referee')
    const question = page.getByRole('textbox', { name: 'Your question' })
    await question.fill('how high is the net?')
    await question.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'The referee is thinking...' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled()

    await question.fill('and how big is the court?')
    await question.press('Enter')
    await expect(question).toHaveValue('and how big is the court?')
    release()

    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log).toContainText('36 inches high at the sidelines')
    await expect(page.getByText('The referee is thinking...')).toBeHidden()
    expect(calls).toBe(1)
    await expect(log.getByRole('listitem').filter({ hasText: 'You:' })).toHaveCount(1)
  })

  test('an error from the referee shows in the error box and the question can be sent again', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL!)
    await page.route('**/api/referee/ask', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'unavailable', message: 'The response took too long. Please try again.' } },
      }),
    )
    await page.goto('/ai-referee')
    const question = page.getByRole('textbox', { name: 'Your question' })
    await question.fill('who calls the lines?')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByRole('alert')).toHaveText('The response took too long. Please try again.')
    await expect(question).toHaveValue('who calls the lines?')
    await expect(page.getByRole('log', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(1)
  })

  test('answers are shown as text, never as HTML', async ({ page, baseURL }) => {
    await signIn(page, baseURL!)
    await page.route('**/api/referee/ask', (route) =>
      route.fulfill({
        json: {
          kind: 'answer',
          answer: 'Yes, **legal** (9.E).\n\n<img src=x onerror="document.title=\'owned\'"> <b>not bold</b>',
          sections: [],
        },
      }),
    )
    await page.goto('/ai-referee')
    await page.getByRole('textbox', { name: 'Your question' }).fill('can I stand in the kitchen?')
    await page.getByRole('button', { name: 'Send' }).click()
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log).toContainText('<b>not bold</b>')
    await expect(log.locator('img')).toHaveCount(0)
    await expect(log.locator('strong', { hasText: 'legal' })).toBeVisible()
    await expect(page).toHaveTitle('AI Referee | PickleMatch | Level Up Your Match')
  })
})
