import { type ReactNode, useState } from 'react'
import { avatarColour, avatarInitials } from '../../../domain/profiles/avatar.rules'

export interface AvatarPerson {
  firstName: string
  lastName: string
  photoUrl: string | null
}

// Chat bubbles, cards and rows, the header, profiles.
const SIZES = {
  xs: { box: 'size-7 text-[0.6875rem]', px: 28 },
  sm: { box: 'size-8 text-xs', px: 32 },
  md: { box: 'size-10 text-sm', px: 40 },
  lg: { box: 'size-14 text-lg', px: 56 },
  xl: { box: 'size-24 text-3xl', px: 96 },
} as const
export type AvatarSize = keyof typeof SIZES

// The stored sizes (docs/decisions/0098): the browser picks the one that fits the screen's
// density.
const sourcesOf = (photoUrl: string) => ({
  src: `${photoUrl}&size=64`,
  srcSet: `${photoUrl}&size=64 64w, ${photoUrl} 256w`,
})

// A player's face: their photo, or their initials on their own colour. `labelled` when nothing
// beside it names the player (the photo's alt text, or the initials' label, is the name);
// otherwise it is decorative and screen readers skip it.
export function Avatar({
  person,
  size = 'md',
  labelled = false,
  className = '',
}: {
  person: AvatarPerson
  size?: AvatarSize
  labelled?: boolean
  className?: string
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const { box, px } = SIZES[size]
  const name = `${person.firstName} ${person.lastName}`.trim()
  const shape = `inline-flex shrink-0 overflow-hidden rounded-full ${box} ${className}`.trim()
  if (person.photoUrl && failedUrl !== person.photoUrl) {
    const photoUrl = person.photoUrl
    return (
      <img
        {...sourcesOf(photoUrl)}
        sizes={`${px}px`}
        width={px}
        height={px}
        alt={labelled ? name : ''}
        loading="lazy"
        decoding="async"
        onError={() => setFailedUrl(photoUrl)}
        className={`${shape} bg-slate-100 object-cover`}
      />
    )
  }
  return (
    <span
      className={`${shape} items-center justify-center font-semibold select-none`}
      // White itself, in both themes: the theme's "white" is a dark surface in dark mode, and the
      // palette's colours carry white text at AA (avatar.rules.ts).
      style={{ backgroundColor: avatarColour(person), color: '#fff' }}
      {...(labelled ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
    >
      {avatarInitials(person)}
    </span>
  )
}

// A team's or a request's faces side by side, each on a white ring that just touches the face
// before it. A deeper overlap hid the first face's second initial ("ML" read "MI"): the widest two
// initials fill 31 of a face's 40 px, which leaves 4.5 px at each side for the next face's ring
// (docs/decisions/0179).
export function FaceGroup({ children }: { children: ReactNode }) {
  return <span className="flex shrink-0 -space-x-0.5">{children}</span>
}
