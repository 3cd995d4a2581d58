import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSelectPackageMutation } from '../features/cart';
import type { BuyNowHandler } from '../features/plans';

/** Buy Now: select the package in the server cart, then go to /add-ons. */
export function useBuyNow(): BuyNowHandler {
  const [selectPackage] = useSelectPackageMutation();
  const navigate = useNavigate();
  return useCallback(
    async (selection) => {
      await selectPackage(selection).unwrap();
      navigate('/add-ons');
    },
    [selectPackage, navigate],
  );
}
