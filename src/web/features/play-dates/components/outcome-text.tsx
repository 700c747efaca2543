// An outcome's words with each game's score kept on one line ("11-7" never breaks at its dash).
// Apart from game-result.tsx: the dashboard shows an outcome too, and would otherwise load the
// result form with it, its form library and zod (docs/decisions/0118-zod-free-display-pages.md).
export function OutcomeText({ text }: { text: string }) {
  return text.split(/(\d+-\d+)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  )
}
