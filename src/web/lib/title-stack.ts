// Several components may ask for a document title at once (the route, then the page once its
// data arrives). The highest priority wins; among equals, the latest claim wins.
export type TitlePriority = 'route' | 'page'

const rank: Record<TitlePriority, number> = { route: 0, page: 1 }

interface Claim {
  title: string
  rank: number
}

export function createTitleStack(write: (title: string) => void, fallback: string) {
  let claims: Claim[] = []

  const update = () => {
    let winner: Claim | undefined
    for (const claim of claims) if (!winner || claim.rank >= winner.rank) winner = claim
    write(winner?.title ?? fallback)
  }

  return {
    claim(title: string, priority: TitlePriority): () => void {
      const claim: Claim = { title, rank: rank[priority] }
      claims = [...claims, claim]
      update()
      return () => {
        claims = claims.filter((other) => other !== claim)
        update()
      }
    },
  }
}
