/** A multipart/form-data body for app.inject, built by the platform's own FormData encoder. */
export type FormValue = string | string[] | { file: Buffer; filename?: string; contentType?: string };

export async function multipart(
  fields: Record<string, FormValue | undefined>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') fd.append(name, value);
    else if (Array.isArray(value)) for (const v of value) fd.append(name, v);
    else
      fd.append(
        name,
        new Blob([new Uint8Array(value.file)], { type: value.contentType ?? 'application/octet-stream' }),
        value.filename ?? name,
      );
  }
  const response = new Response(fd);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}
