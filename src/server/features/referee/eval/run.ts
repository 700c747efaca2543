// npm run referee:eval: asks the referee, with no model, every question of the evaluation sets
// as a player would (earlier questions of the conversation first), and checks the first thing
// the player reads: "Yes"/"No" where the question wants one, the rule numbers it must cite and
// the facts it must state. Prints the share answered correctly; exits 1 below 95%
// (docs/decisions/0146).
import { readFileSync } from 'node:fs'
import pino from 'pino'
import type { ChatTurn } from '../../../../domain/referee/referee.rules'
import { citedRules } from '../referee.curated'
import { askReferee } from '../referee.service'

export const PASS_SHARE = 0.95

interface Case {
  question: string
  after?: string[]
  answer?: 'yes' | 'no'
  rules: string[]
  facts: string[]
}

const load = (name: string): Case[] =>
  (JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as { cases: Case[] }).cases

const deps = {
  llm: undefined,
  key: Buffer.alloc(32, 7),
  playerId: 'evaluation',
  log: pino({ level: 'silent' }),
  productName: 'PickleMatch',
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‐-―-]/g, ' ')
    .replace(/\s+/g, ' ')

async function ask(question: string, history: Array<ChatTurn & { signature?: string }>) {
  const reply = await askReferee(deps, { question, history, includeRuleNumbers: true })
  return reply
}

// What is wrong with the referee's first answer to a case; empty when it is right.
export async function judge(item: Case): Promise<{ summary: string; problems: string[] }> {
  const history: Array<ChatTurn & { signature?: string }> = []
  for (const earlier of item.after ?? []) {
    const reply = await ask(earlier, history)
    history.push(
      { role: 'user', text: earlier },
      { role: 'assistant', text: reply.answer, signature: reply.signature },
    )
  }
  const reply = await ask(item.question, history)
  const summary = reply.summary ?? ''
  const problems: string[] = []
  if (item.answer) {
    const word = item.answer === 'yes' ? 'Yes' : 'No'
    if (!new RegExp(`^${word}\\b`).test(summary)) problems.push(`does not open with "${word}"`)
  }
  const cited = new Set(citedRules(summary))
  const missing = item.rules.filter((rule) => !cited.has(rule))
  if (missing.length > 0) problems.push(`does not cite ${missing.join(', ')}`)
  for (const fact of item.facts) {
    const options = fact.split(' | ').map(normalise)
    if (!options.some((option) => normalise(summary).includes(option)))
      problems.push(`does not state "${fact}"`)
  }
  return { summary, problems }
}

async function score(name: string, cases: Case[], showFailures: boolean) {
  let right = 0
  for (const item of cases) {
    const { summary, problems } = await judge(item)
    if (problems.length === 0) right += 1
    else if (showFailures) console.log(`  ✗ ${item.question}\n    ${summary}\n    ${problems.join('; ')}`)
  }
  const share = right / cases.length
  console.log(`${name}: ${right}/${cases.length} answered correctly (${(share * 100).toFixed(1)}%)`)
  return { right, total: cases.length, share }
}

const showHeldOut = process.argv.includes('--show-held-out')
const publicSet = await score('Evaluation set', load('./questions.json'), true)
const heldOut = await score('Held-out set', load('./held-out.json'), showHeldOut)
const all = (publicSet.right + heldOut.right) / (publicSet.total + heldOut.total)
console.log(`All questions: ${(all * 100).toFixed(1)}% (pass mark ${PASS_SHARE * 100}%)`)
if (publicSet.share < PASS_SHARE || all < PASS_SHARE) process.exitCode = 1
