import { describe, expect, it } from 'vitest';
import { call } from './account-helpers';
import { newMember, uploadOk } from './photos-helpers';

type UserBody = { user: { profile: { main_image: unknown; photo_pending: boolean } } };
type ProfileBody = { profile: { photos: { id: number; pending?: boolean }[] } };

describe('a photo waiting for review (issue 18 item 9)', () => {
  it('ends the "add a photo" state for its owner and shows on their own profile as pending, to nobody else', async () => {
    const owner = await newMember();
    const before = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, owner.cookie)).json<UserBody>();
    expect(before.user.profile).toMatchObject({ main_image: null, photo_pending: false });

    const { uploaded } = await uploadOk('flirtlokaal', owner);
    const after = await (await call('flirtlokaal', 'GET', '/api/user.php', undefined, owner.cookie)).json<UserBody>();
    // Not shown as the main image before review (nobody else sees it), but the member has a photo.
    expect(after.user.profile).toMatchObject({ main_image: null, photo_pending: true });

    const own = await (
      await call('flirtlokaal', 'GET', `/api/profile.php?id=${owner.profileId}`, undefined, owner.cookie)
    ).json<ProfileBody>();
    expect(own.profile.photos).toEqual([expect.objectContaining({ id: uploaded, pending: true })]);

    const viewer = await newMember();
    const other = await (
      await call('flirtlokaal', 'GET', `/api/profile.php?id=${owner.profileId}`, undefined, viewer.cookie)
    ).json<ProfileBody>();
    expect(other.profile.photos).toEqual([]);
  });
});
