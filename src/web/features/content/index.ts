export { LastUpdated, Prose, ProseSection, useScrollToHash } from './components/prose'
export { sortedGlossaryTerms, termAnchor } from './glossary-terms'
