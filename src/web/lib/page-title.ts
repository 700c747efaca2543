import { useEffect } from 'react'
import { pageTitle, TAGLINE } from '../../domain/product'
import { config } from './config'
import { createTitleStack, type TitlePriority } from './title-stack'

const titles = createTitleStack((title) => {
  document.title = title
}, `${config.productName} | ${TAGLINE}`)

export const formatPageTitle = (page: string) => pageTitle(page, config.productName)

// Sets the whole document title while the calling component is mounted.
export function useDocumentTitle(title: string, priority: TitlePriority = 'page') {
  useEffect(() => titles.claim(title, priority), [title, priority])
}

// '{page} | {product} | Level Up Your Match'. Routes already set theirs from the route table;
// a page calls this only when its title depends on data.
export function usePageTitle(page: string, priority: TitlePriority = 'page') {
  useDocumentTitle(formatPageTitle(page), priority)
}
