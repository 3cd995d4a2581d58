import { jsonResponse } from '../../../testing/mock-fetch';

/** A refusal in the server's error body: `{ success: false, error, code }`. */
export function refusal(status: number, code: string, error: string) {
  return jsonResponse({ success: false, error, code }, status);
}
