import type { ApiErrorBody } from './api-types';

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** The status of an RTK Query error, when it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** The server's stable `code` of a refusal (api/API.md, Errors), when it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'string') return (data as { code: string }).code;
  }
  return undefined;
}

/** The message to show for a failed call: the server's `error` when it sent one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (typeof error === 'object' && error !== null) {
    if ('data' in error && isApiErrorBody((error as { data: unknown }).data)) {
      return (error as { data: ApiErrorBody }).data.error;
    }
    if ('error' in error && typeof (error as { error: unknown }).error === 'string') {
      return (error as { error: string }).error;
    }
    if (error instanceof Error) return error.message;
  }
  return fallback;
}

/** The server's own `error` text, when the failure carried a non-empty one (never the transport's message). */
export function serverErrorText(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (isApiErrorBody(data) && data.error) return data.error;
  }
  return undefined;
}

/** The server's `error` text, or `fallback` when it sent none. */
export function serverErrorMessage(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}
