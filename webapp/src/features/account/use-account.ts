import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { selectAccountSession, selectAccountStatus } from './account-slice';
import { connectAccount, loadSession } from './api';

/**
 * The customer's session for the account pages: binds accountFetch to this store and asks
 * /api/account/me once while the status is unknown.
 */
export function useAccount() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const status = useAppSelector(selectAccountStatus);
  const session = useAppSelector(selectAccountSession);
  connectAccount(dispatch, () => store.getState().account.session?.csrfToken ?? null);
  useEffect(() => {
    if (status === 'unknown') loadSession(dispatch).catch(() => undefined);
  }, [dispatch, status]);
  return { status, session };
}
