import { useAppSelector } from '../../lib/store-hooks';
import { selectAccountSession, selectAccountStatus } from './account-slice';
import { useGetSessionQuery } from './api';

/** The customer's session for the account pages: asks /api/account/me once while the status is unknown. */
export function useAccount() {
  const status = useAppSelector(selectAccountStatus);
  const session = useAppSelector(selectAccountSession);
  useGetSessionQuery(undefined, { skip: status !== 'unknown' });
  return { status, session };
}
