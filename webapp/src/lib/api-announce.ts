import type { Middleware, Reducer, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * How the API's cache reaches the store while shared code never imports the app: lib/api.ts
 * announces the API when its module first loads, and the app's store (app/store.ts) adds it
 * then, or at once when the API loaded first.
 */
export interface LateApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}
/** What the API's module does to each store (RTK Query's `setupListeners`). */
export type ApiSetup = (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => void;
type Join = (api: LateApi, setup: ApiSetup) => void;

let announced: [LateApi, ApiSetup] | null = null;
let joinApi: Join | null = null;

export function announceApi(api: LateApi, setup: ApiSetup): void {
  if (joinApi) joinApi(api, setup);
  else announced = [api, setup];
}

export function whenApiLoads(join: Join): void {
  joinApi = join;
  if (announced) join(...announced);
  announced = null;
}
