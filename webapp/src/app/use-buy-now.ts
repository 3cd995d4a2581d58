import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BuyNowHandler } from '../features/plans/types';
import { useAppDispatch } from '../lib/store-hooks';

/** The cart's API, loaded on the first Buy Now. */
const loadCartApi = () => import('../features/cart/api');

/**
 * Buy Now: select the package in the server cart, then go to /add-ons. The cart's API (and RTK
 * Query with it) is loaded here rather than with the page, which keeps it out of the home page's
 * JavaScript (app/store.ts).
 */
export function useBuyNow(): BuyNowHandler {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (selection) => {
      const { cartApi } = await loadCartApi();
      const request = dispatch(cartApi.endpoints.selectPackage.initiate(selection));
      try {
        await request.unwrap();
      } finally {
        request.reset();
      }
      navigate('/add-ons');
    },
    [dispatch, navigate],
  );
}
