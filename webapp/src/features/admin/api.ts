import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api';
import type {
  AdminHardwareItem,
  AuditEntry,
  AuditPage,
  AuditQuery,
  Brand,
  Envelope,
  HardwareImage,
  HardwareItemBody,
  StaffSession,
  UploadedImageResponse,
} from './types';

type BaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;
/** The base query bound to the current request's api and options. */
type Call = (args: string | FetchArgs) => ReturnType<BaseQuery>;
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

interface AuditResponse {
  success: boolean;
  data: AuditEntry[];
  perPage: number;
  next: string | null;
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The tags of the staff area's data; they live only in this feature's chunk. */
const STAFF_TAGS = ['AdminHardware', 'AuditLog', 'StaffOrders', 'StaffOrderHistory', 'StaffPorts', 'StaffFraud'] as const;
const staffApi = api.enhanceEndpoints({ addTagTypes: STAFF_TAGS });

/**
 * A call of a signed-in staff member: state-changing methods carry the session's CSRF token,
 * and a 401 (session ended) forgets the session so that the guard sends the visitor to sign in.
 */
export async function staffCall<T>(args: FetchArgs, { getState, dispatch }: BaseQueryApi, baseQuery: Call, read: (body: unknown) => T): Promise<Result<T>> {
  const method = (args.method ?? 'GET').toUpperCase();
  const session = selectStaffSession(getState());
  const headers = !SAFE_METHODS.includes(method) && session ? { 'X-CSRF-Token': session.csrfToken } : undefined;
  const result = await baseQuery({ ...args, method, headers });
  if (result.error) {
    if (result.error.status === 401) dispatch(adminApi.util.upsertQueryData('getMe', undefined, null));
    return { error: result.error };
  }
  return { data: read(result.data) };
}

const enveloped = <T,>(body: unknown): T => (body as Envelope<T>).data;
const nothing = (): void => undefined;

export const adminApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in staff member, or null when not signed in (401). */
    getMe: build.query<StaffSession | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('admin/me');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: enveloped<StaffSession>(result.data) };
      },
    }),
    login: build.mutation<StaffSession, Credentials>({
      query: (body) => ({ url: 'admin/login', method: 'POST', body }),
      transformResponse: (body: Envelope<StaffSession>) => body.data,
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
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        const result = await staffCall({ url: 'admin/logout', method: 'POST' }, queryApi, baseQuery, nothing);
        if ('error' in result && result.error.status !== 401) return result;
        queryApi.dispatch(adminApi.util.upsertQueryData('getMe', undefined, null));
        return { data: undefined };
      },
      invalidatesTags: [...STAFF_TAGS],
    }),
    /** Every item that is not deleted, any status, by brand then name. */
    listHardware: build.query<AdminHardwareItem[], void>({
      queryFn: (_arg, queryApi, _extra, baseQuery) =>
        staffCall({ url: 'admin/hardware/' }, queryApi, baseQuery, (body) => enveloped<AdminHardwareItem[]>(body) ?? []),
      providesTags: ['AdminHardware'],
    }),
    createHardware: build.mutation<AdminHardwareItem, HardwareItemBody>({
      queryFn: (body, queryApi, _extra, baseQuery) =>
        staffCall({ url: 'hardware/', method: 'POST', body }, queryApi, baseQuery, enveloped<AdminHardwareItem>),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminHardware', 'AuditLog']),
    }),
    updateHardware: build.mutation<AdminHardwareItem, { id: string; body: HardwareItemBody }>({
      queryFn: ({ id, body }, queryApi, _extra, baseQuery) =>
        staffCall({ url: `hardware/${encodeURIComponent(id)}/`, method: 'PUT', body }, queryApi, baseQuery, enveloped<AdminHardwareItem>),
      invalidatesTags: (_result, error) => (error ? [] : ['AdminHardware', 'AuditLog']),
    }),
    deleteHardware: build.mutation<void, string>({
      queryFn: (id, queryApi, _extra, baseQuery) =>
        staffCall({ url: `hardware/${encodeURIComponent(id)}/`, method: 'DELETE' }, queryApi, baseQuery, nothing),
      invalidatesTags: ['AdminHardware', 'AuditLog'],
    }),
    /** Multipart upload; the image is JPEG, PNG or WebP (the server checks the bytes). */
    uploadImage: build.mutation<HardwareImage, UploadImageArgs>({
      queryFn: ({ file, brand, model, hardwareId }, queryApi, _extra, baseQuery) => {
        const form = new FormData();
        form.append('image', file, file.name);
        form.append('brand', brand);
        form.append('model', model.trim() || 'unknown');
        if (hardwareId) form.append('hardware_id', hardwareId);
        return staffCall({ url: 'upload-image/', method: 'POST', body: form }, queryApi, baseQuery, (body) => {
          const uploaded = body as UploadedImageResponse;
          return { id: uploaded.imageId, url: uploaded.imageUrl, filename: uploaded.filename };
        });
      },
      invalidatesTags: (_result, error, { hardwareId }) => (error || !hardwareId ? [] : ['AdminHardware', 'AuditLog']),
    }),
    /** Removes the image (and from its item, if it has one). */
    deleteImage: build.mutation<void, string>({
      queryFn: (id, queryApi, _extra, baseQuery) =>
        staffCall({ url: `hardware-images/${encodeURIComponent(id)}/`, method: 'DELETE' }, queryApi, baseQuery, nothing),
      invalidatesTags: ['AdminHardware', 'AuditLog'],
    }),
    /** One page of the audit log, newest first, from `before` (keyset: pages hold still as entries are added). */
    getAuditLog: build.query<AuditPage, AuditQuery>({
      queryFn: ({ before, perPage, item }, queryApi, _extra, baseQuery) =>
        staffCall(
          { url: 'admin/audit-log', params: { before: before || undefined, per_page: perPage, item: item || undefined } },
          queryApi,
          baseQuery,
          (body) => {
            const response = body as AuditResponse;
            return { entries: response.data ?? [], perPage: response.perPage ?? perPage, next: response.next ?? null };
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
