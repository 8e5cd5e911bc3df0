import type { StoredFile } from '../../shared/files.ts';

/**
 * Uploads one file to POST /api/files with XMLHttpRequest, whose upload events report progress
 * (fetch has none). Resolves with the stored file; rejects with the server's sentence.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): { promise: Promise<StoredFile>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<StoredFile>((resolve, reject) => {
    xhr.open('POST', '/api/files');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (StoredFile & { message?: string }) | null;
      if (xhr.status === 201 && body) resolve(body);
      else reject(new Error(body?.message ?? `The upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted: check the connection and try again'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
