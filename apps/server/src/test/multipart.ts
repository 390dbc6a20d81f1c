import type { TSignedIn } from './app.ts';

/** A multipart body with one file field, encoded by the platform's own FormData. */
export async function multipart(
  file: Buffer,
  filename: string,
  type: string,
  field = 'file',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function uploadRequest(session: TSignedIn, url: string, file: Buffer, filename: string, type: string) {
  const body = await multipart(file, filename, type);
  return { method: 'POST' as const, url, headers: { ...session.headers, ...body.headers }, payload: body.payload };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
