import { Camera, Trash2 } from 'lucide-react'
import { type ChangeEvent, useId, useState } from 'react'
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, photoMessages } from '../../../../domain/players/profile-photo'
import type { SessionUser } from '../../../../domain/profiles/profile.schema'
import { Avatar } from '../../../components/ui/avatar'
import { buttonClasses, wrapsWords } from '../../../components/ui/button'
import { errorDetail } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { useRemovePhoto, useUpdatePhoto } from '../api/profile-photo.queries'

const NOT_SAVED = 'Your photo could not be saved. Please try again.'

// Profile Settings' photo: the file input itself is the control (labelled "Change photo", reached
// with Tab, opened with Enter or Space); its label is what the player sees and taps, and shows the
// input's focus ring.
export function ProfilePhotoForm({ user }: { user: SessionUser }) {
  const inputId = useId()
  const hintId = useId()
  const problemId = useId()
  const update = useUpdatePhoto()
  const remove = useRemovePhoto()
  const [problem, setProblem] = useState<string | null>(null)
  const busy = update.isPending || remove.isPending

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file can be chosen again after a refusal.
    event.target.value = ''
    if (!file) return
    // Said at once, without sending 10 MB to hear it.
    if (file.size > PHOTO_MAX_BYTES) return setProblem(photoMessages.tooBig)
    if (file.size === 0) return setProblem(photoMessages.empty)
    setProblem(null)
    try {
      await update.mutateAsync(file)
      toast.success('Photo updated')
    } catch (error) {
      setProblem(errorDetail(error) ?? NOT_SAVED)
    }
  }

  const onRemove = async () => {
    setProblem(null)
    try {
      await remove.mutateAsync()
      toast.success('Photo removed')
    } catch (error) {
      setProblem(errorDetail(error) ?? 'Your photo could not be removed. Please try again.')
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar person={user} size="xl" labelled />
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT}
            className="peer sr-only"
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            disabled={busy}
            onChange={(event) => void onChoose(event)}
          />
          <label
            htmlFor={inputId}
            className={buttonClasses({
              className: `${wrapsWords} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`,
            })}
          >
            <Camera aria-hidden="true" className="size-4" />
            {update.isPending ? 'Uploading...' : 'Change photo'}
          </label>
          {user.photoUrl ? (
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary', className: wrapsWords })}
              onClick={() => void onRemove()}
              disabled={busy}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? 'Removing...' : 'Remove photo'}
            </button>
          ) : null}
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          A JPEG, PNG, WebP or HEIC photo up to 10 MB. We crop it to a square from the centre. Without a
          photo, your initials show.
        </p>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm font-semibold text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  )
}
