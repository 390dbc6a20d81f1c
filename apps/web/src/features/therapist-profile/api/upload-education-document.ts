import { useMutation } from '@tanstack/react-query';
import { routes, type TEducationDocument } from '@therapy/contract';
import { uploadFile } from '../../../api/client.ts';

export function uploadEducationDocument(file: File): Promise<TEducationDocument> {
  return uploadFile(routes.therapistEducationDocumentUpload, file);
}

export function useUploadEducationDocument() {
  return useMutation({ mutationFn: uploadEducationDocument });
}
