import type { BaseQueryApi, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, apiBaseQuery, type ApiExtraOptions } from '../../lib/api';
import type {
  AdminHardwareItem,
  AuditEntry,
  AuditPage,
  AuditQuery,
  Brand,
  HardwareImage,
  HardwareItemBody,
  StaffSession,
  UploadedImageResponse,
} from './types';

type Result<T> = { data: T } | { error: FetchBaseQueryError };

interface Credentials {
  email: string;
  password: string;
}

interface UploadImageArgs {
  file: File;
  brand: Brand;
  model: string;
  /** Set while editing a saved item: the server attaches the image at once. */
  hardwareId?: string;
}

/** The catalogue's lists: `{ items }`. */
interface ItemsResponse {
  items?: AdminHardwareItem[];
}

interface AuditResponse {
  entries?: AuditEntry[];
  perPage?: number;
  next?: string | null;
}

/** The tags of the staff area's data; they live only in this feature's chunk. */
const STAFF_TAGS = ['AdminHardware', 'AuditLog', 'StaffOrders', 'StaffOrderHistory', 'StaffTransfers', 'StaffFraud'] as const;
const staffApi = api.enhanceEndpoints({ addTagTypes: STAFF_TAGS });

/** The staff session: its CSRF token on changes; a 401 forgets it, so that RequireStaff sends the visitor to sign in. */
const staffOnly: ApiExtraOptions = {
  auth: {
    csrfToken: (state) => selectStaffSession(state)?.csrfToken ?? null,
    signedOut: (dispatch) => dispatch(adminApi.util.upsertQueryData('getMe', undefined, null)),
  },
};

/** A call of a signed-in staff member, through the api's re-authorization base query (lib/api.ts) with the staff session. */
export async function staffCall<T>(args: FetchArgs, queryApi: BaseQueryApi, read: (body: unknown) => T): Promise<Result<T>> {
  const result = await apiBaseQuery(args, queryApi, staffOnly);
  return result.error ? { error: result.error } : { data: read(result.data) };
}

const asIs = <T,>(body: unknown): T => body as T;
const nothing = (): void => undefined;

export const adminApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in staff member, or null when not signed in (401). */
    getMe: build.query<StaffSession | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('admin/me');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as StaffSession };
      },
    }),
    login: build.mutation<StaffSession, Credentials>({
      query: (body) => ({ url: 'admin/login', method: 'POST', body }),
      // Whatever was cached for an earlier session is fetched again.
      invalidatesTags: [...STAFF_TAGS],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('getMe', undefined, data));
        } catch {
          // The page shows the error.
        }
      },
    }),
    logout: build.mutation<void, void>({
      async queryFn(_arg, queryApi) {
        const result = await staffCall({ url: 'admin/logout', method: 'POST' }, queryApi, nothing);
        if ('error' in result && result.error.status !== 401) return result;
        queryApi.dispatch(adminApi.util.upsertQueryData('getMe', undefined, null));
        return { data: undefined };
      },
      invalidatesTags: [...STAFF_TAGS],
    }),
    /** Every item that is not deleted, any status, by brand then name. */
    listHardware: build.query<AdminHardwareItem[], void>({
      queryFn: (_arg, queryApi) =>
        staffCall({ url: 'admin/hardware/' }, queryApi, (body) => (body as ItemsResponse).items ?? []),
      providesTags: ['AdminHardware'],
    }),
    createHardware: build.mutation<AdminHardwareItem, HardwareItemBody>({
      queryFn: (body, queryApi) =>
        staffCall({ url: 'hardware/', method: 'POST', body }, queryApi, asIs<AdminHardwareItem>),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminHardware', 'AuditLog']),
    }),
    updateHardware: build.mutation<AdminHardwareItem, { id: string; body: HardwareItemBody }>({
      queryFn: ({ id, body }, queryApi) =>
        staffCall({ url: `hardware/${encodeURIComponent(id)}/`, method: 'PUT', body }, queryApi, asIs<AdminHardwareItem>),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminHardware', 'AuditLog']),
    }),
    deleteHardware: build.mutation<void, string>({
      queryFn: (id, queryApi) =>
        staffCall({ url: `hardware/${encodeURIComponent(id)}/`, method: 'DELETE' }, queryApi, nothing),
      invalidatesTags: ['AdminHardware', 'AuditLog'],
    }),
    /** Multipart upload; the image is JPEG, PNG or WebP (the server checks the bytes). */
    uploadImage: build.mutation<HardwareImage, UploadImageArgs>({
      queryFn: ({ file, brand, model, hardwareId }, queryApi) => {
        const form = new FormData();
        form.append('image', file, file.name);
        form.append('brand', brand);
        form.append('model', model.trim() || 'unknown');
        if (hardwareId) form.append('hardware_id', hardwareId);
        return staffCall({ url: 'upload-image/', method: 'POST', body: form }, queryApi, (body) => {
          const uploaded = body as UploadedImageResponse;
          return { id: uploaded.imageId, url: uploaded.imageUrl, filename: uploaded.filename };
        });
      },
      invalidatesTags: (_result, error, { hardwareId }) => (error || !hardwareId ? [] : ['AdminHardware', 'AuditLog']),
    }),
    /** Removes the image (and from its item, if it has one). */
    deleteImage: build.mutation<void, string>({
      queryFn: (id, queryApi) =>
        staffCall({ url: `hardware-images/${encodeURIComponent(id)}/`, method: 'DELETE' }, queryApi, nothing),
      invalidatesTags: ['AdminHardware', 'AuditLog'],
    }),
    /** One page of the audit log, newest first, from `before` (keyset: pages hold still as entries are added). */
    getAuditLog: build.query<AuditPage, AuditQuery>({
      queryFn: ({ before, perPage, item }, queryApi) =>
        staffCall(
          { url: 'admin/audit-log', params: { before: before || undefined, per_page: perPage, item: item || undefined } },
          queryApi,
          (body) => {
            const response = body as AuditResponse;
            return { entries: response.entries ?? [], perPage: response.perPage ?? perPage, next: response.next ?? null };
          },
        ),
      providesTags: ['AuditLog'],
    }),
  }),
});

/** The session in the cache of getMe, or null (signed out, or not checked yet). */
function selectStaffSession(state: unknown): StaffSession | null {
  const select = adminApi.endpoints.getMe.select();
  return select(state as Parameters<typeof select>[0]).data ?? null;
}

export const {
  useGetMeQuery,
  useLoginMutation,
  useLogoutMutation,
  useListHardwareQuery,
  useCreateHardwareMutation,
  useUpdateHardwareMutation,
  useDeleteHardwareMutation,
  useUploadImageMutation,
  useDeleteImageMutation,
  useGetAuditLogQuery,
} = adminApi;
