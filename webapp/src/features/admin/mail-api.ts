import { adminApi, staffCall } from './api';
import type { MailDetail, Mailbox, MailboxArgs } from './mail-types';

/** The staff mailbox: every e-mail the shop queued, through the staff area's fetch layer. */
const mailApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page (25) of e-mails, newest first, of one status or all. */
    getMailbox: build.query<Mailbox, MailboxArgs>({
      queryFn: ({ status, page }, queryApi) =>
        staffCall({ url: 'admin/mail', params: status ? { status, page } : { page } }, queryApi, (body) => body as Mailbox),
    }),
    /** One e-mail with its body. */
    getMail: build.query<MailDetail, number>({
      queryFn: (id, queryApi) => staffCall({ url: `admin/mail/${id}` }, queryApi, (body) => body as MailDetail),
    }),
  }),
});

export const { useGetMailboxQuery, useGetMailQuery } = mailApi;
