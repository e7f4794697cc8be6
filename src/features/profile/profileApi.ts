import type { SessionUser } from '@contract/auth';
import type { UpdateProfileBody } from '@contract/users';
import { api } from '../../api/api';
import { idTag, listTag } from '../../api/tags';
import { userUpdated } from '../session/sessionSlice';

interface UserAnswer {
  msg: string;
  user: SessionUser;
}

/** The signed-in person's own profile: edit, avatar, deletion. A changed user is shown at once everywhere. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<UserAnswer, UpdateProfileBody>({
      query: (body) => ({ url: '/users/current-user/update-user', method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data.user));
      },
      invalidatesTags: (result) => (result ? [idTag('User', result.user._id), listTag('Ranking')] : []),
    }),
    uploadAvatar: build.mutation<UserAnswer & { avatarUrl: string }, Blob>({
      query: (image) => ({ url: '/users/current-user/avatar', method: 'PUT', body: image, headers: { 'Content-Type': 'image/jpeg' } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data.user));
      },
      invalidatesTags: (result) => (result ? [idTag('User', result.user._id), listTag('Ranking')] : []),
    }),
    deleteAccount: build.mutation<{ msg: string; avatarUrlToDelete: string | null }, { password?: string; idToken?: string; code?: string }>({
      query: (body) => ({ url: '/users/current-user/delete', method: 'DELETE', body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useUploadAvatarMutation, useDeleteAccountMutation } = profileApi;
