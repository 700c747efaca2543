import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { applyMessages, describeApplyError } from './apply-errors'

describe('refused applications', () => {
  it('shows the duplicate and missing-friend refusals as the server words them', () => {
    expect(describeApplyError(new ApiError(409, 'conflict', applyMessages.alreadyApplied))).toEqual({
      message: 'You or your partner have already applied for this PlayDate',
      gone: false,
    })
    expect(describeApplyError(new ApiError(400, 'invalid', applyMessages.selectFriend))).toEqual({
      message: 'Please select a friend',
      gone: false,
    })
  })

  it('sends the player back to the list when the PlayDate is gone', () => {
    expect(describeApplyError(new ApiError(409, 'conflict', applyMessages.noLongerAvailable))).toEqual({
      message: 'This PlayDate is no longer available',
      gone: true,
    })
    expect(describeApplyError(new ApiError(404, 'not_found', 'PlayDate Not Found')).gone).toBe(true)
  })

  it('answers anything else with the generic message', () => {
    const generic = { message: 'Error submitting application. Please try again.', gone: false }
    expect(describeApplyError(new ApiError(500, 'internal', 'boom'))).toEqual(generic)
    expect(describeApplyError(new ApiError(0, 'unavailable', 'Network request failed'))).toEqual(generic)
    expect(describeApplyError(new Error('x'))).toEqual(generic)
  })
})
