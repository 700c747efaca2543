import { useMemo, useState } from 'react'
import { SearchField } from '../../components/ui/form-controls'
import { PageHeader } from '../../components/ui/page-header'
import { sortedGlossaryTerms, termAnchor, useScrollToHash } from '../../features/content'

export default function GlossaryPage() {
  useScrollToHash()
  const [filter, setFilter] = useState('')
  const terms = useMemo(() => {
    const needle = filter.trim().toLowerCase()
    if (!needle) return sortedGlossaryTerms
    return sortedGlossaryTerms.filter((entry) =>
      [entry.term, ...(entry.aliases ?? []), entry.definition].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    )
  }, [filter])

  return (
    <>
      <PageHeader
        title="Glossary"
        description="The pickleball words you will hear on the court and read in the app, explained plainly."
      />
      <div className="max-w-3xl">
        <SearchField
          label="Find a term"
          value={filter}
          onValueChange={setFilter}
          placeholder="For example: kitchen"
          controlClassName="sm:w-80"
        />
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          {terms.length === sortedGlossaryTerms.length
            ? `${terms.length} terms`
            : `${terms.length} of ${sortedGlossaryTerms.length} terms`}
        </p>

        {terms.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No term matches “{filter.trim()}”.
          </p>
        ) : (
          <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {terms.map((entry) => (
              <div key={entry.term} id={termAnchor(entry.term)} className="scroll-mt-6 p-4 sm:p-5">
                <dt className="font-bold text-slate-900">
                  {entry.term}
                  {entry.aliases ? (
                    <span className="font-normal text-slate-600"> (also: {entry.aliases.join(', ')})</span>
                  ) : null}
                </dt>
                <dd className="mt-1 leading-relaxed text-slate-700">{entry.definition}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </>
  )
}
