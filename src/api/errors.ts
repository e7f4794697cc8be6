/** Reading the server's `{ msg, errors? }` bodies out of RTK Query errors. */
export interface ApiErrorBody {
  msg?: string;
  errors?: Record<string, string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** HTTP status, or RTK's string status ('FETCH_ERROR', 'TIMEOUT_ERROR', ...). */
export function errorStatus(error: unknown): number | string | undefined {
  return isObject(error) && (typeof error.status === 'number' || typeof error.status === 'string') ? error.status : undefined;
}

export function errorBody(error: unknown): ApiErrorBody {
  if (!isObject(error) || !isObject(error.data)) return {};
  const { msg, errors } = error.data;
  const body: ApiErrorBody = {};
  if (typeof msg === 'string' && msg) body.msg = msg;
  if (isObject(errors)) {
    const fields = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (fields.length) body.errors = Object.fromEntries(fields);
  }
  return body;
}

export function errorMsg(error: unknown): string | undefined {
  return errorBody(error).msg;
}
