import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TAvatarResponse } from '@therapy/contract';
import { uploadFile } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';

export function uploadAvatar(file: File): Promise<TAvatarResponse> {
  return uploadFile(routes.therapistAvatarUpload, file);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => invalidateRoutes(queryClient, ['therapistCurrent']),
  });
}
