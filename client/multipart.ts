// Request bodies: JSON for every operation, except the two multipart uploads (POST /media and
// POST /templates/media), whose `file` field is typed `Blob` by the generated types. A body carrying a Blob
// is sent as multipart/form-data; fetch then writes the Content-Type with its boundary itself.

type FormValue = string | number | boolean | Blob | null | undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

/** True when the body is an object with at least one Blob (or File) field. */
export function hasBlobField(body: unknown): boolean {
  return isPlainObject(body) && Object.values(body).some((value) => value instanceof Blob);
}

function appendValue(form: FormData, name: string, value: FormValue | FormValue[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) appendValue(form, name, item);
    return;
  }
  if (value instanceof Blob) {
    // a File keeps its own name; a bare Blob gets a neutral one (the server detects the kind from the bytes)
    const filename = typeof File !== 'undefined' && value instanceof File ? value.name : 'upload';
    form.append(name, value, filename);
    return;
  }
  form.append(name, String(value));
}

/** Builds multipart form data from a flat object: Blobs become file parts, other values text fields. */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) appendValue(form, name, value as FormValue | FormValue[]);
  return form;
}

/**
 * The client's body serializer: FormData for bodies with a Blob field (the upload operations), JSON otherwise.
 * A FormData given as the body is passed through unchanged.
 */
export function partnerBodySerializer(body: unknown): string | FormData {
  if (body instanceof FormData) return body;
  if (hasBlobField(body)) return toFormData(body as Record<string, unknown>);
  return JSON.stringify(body);
}
