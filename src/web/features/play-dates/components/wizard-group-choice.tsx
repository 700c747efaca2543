import {
  type GroupAudience,
  groupAudienceLabels,
  groupAudiences,
} from '../../../../domain/play-dates/group-offer'
import { Choice, ChoiceGroup } from '../../../components/ui/form-controls'

// A group the player may post a game for: one they own or organise, not closed (the route reads
// them from the groups feature).
export interface PostableGroup {
  id: string
  name: string
}

export interface GroupGame {
  groupId: string | null
  audience: GroupAudience
}

// "Who can join": everyone, or one of the player's groups first (docs/decisions/0168).
export function GroupGameChoice({
  groups,
  value,
  onChange,
}: {
  groups: readonly PostableGroup[]
  value: GroupGame
  onChange: (next: GroupGame) => void
}) {
  return (
    <div className="mt-4 space-y-3">
      <ChoiceGroup legend="Who can join" stacked>
        <Choice
          name="group-game"
          label="Everyone"
          checked={value.groupId === null}
          onChange={() => onChange({ ...value, groupId: null })}
        />
        {groups.map((group) => (
          <Choice
            key={group.id}
            name="group-game"
            label={`${group.name} members first`}
            checked={value.groupId === group.id}
            onChange={() => onChange({ ...value, groupId: group.id })}
          />
        ))}
      </ChoiceGroup>
      {value.groupId ? (
        <ChoiceGroup legend="After the members" stacked>
          {groupAudiences.map((audience) => (
            <Choice
              key={audience}
              name="group-audience"
              label={groupAudienceLabels[audience]}
              checked={value.audience === audience}
              onChange={() => onChange({ ...value, audience })}
            />
          ))}
        </ChoiceGroup>
      ) : null}
    </div>
  )
}

// The summary's line: "Everyone", or the group and when everyone else may join.
export function groupGameText(groups: readonly PostableGroup[], value: GroupGame) {
  const group = groups.find((g) => g.id === value.groupId)
  if (!group) return 'Everyone'
  return value.audience === 'members_only'
    ? `${group.name} members only`
    : `${group.name} members first, everyone after 24 hours`
}
