import type { PhotosResponse } from '../../../core/schemas/photos';
import { ApiError } from '../../api/fetch-client';
import { appendPhotoUpload, type PhotoUpload } from './shrink';

export type UploadResult = PhotosResponse & { uploaded: number };

/**
 * POST /api/photos.php with the photo as multipart field "photo" and its smaller sizes when the browser drew them
 * (shrink.ts prepareUpload). XMLHttpRequest rather than the JSON fetch client:
 * only XHR reports upload progress, and an upload is never retried by itself (the member decides). Errors come as
 * the fetch client's ApiError, with the server's message in the member's language; a network failure has status 0.
 */
export function uploadPhoto(upload: PhotoUpload, onProgress: (percent: number) => void, networkMessage: string): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/photos.php');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', networkMessage));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not our JSON (a proxy's error page): handled below as a failure without a message
      }
      if (xhr.status === 201 && body) {
        onProgress(100);
        resolve(body as UploadResult);
        return;
      }
      const error = (body as { error?: { code: string; message: string; fields?: Record<string, string> } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'http_error', error?.message ?? networkMessage, error?.fields));
    };
    const form = new FormData();
    appendPhotoUpload(form, upload);
    xhr.send(form);
  });
}
