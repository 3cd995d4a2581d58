import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { useCatalogue } from '../../../lib/catalogue';
import { billingCycleChosen, selectBillingCycle } from '../billing-slice';
import { BillingToggle } from '../../../components/billing-toggle';

/** The billing toggle bound to the shared billing-cycle choice. */
export function BillingCycleControl() {
  const dispatch = useAppDispatch();
  const cycle = useAppSelector(selectBillingCycle);
  const { data: catalogue } = useCatalogue();
  return (
    <BillingToggle
      cycle={cycle}
      discountPercent={catalogue?.yearlyDiscountPercent ?? 20}
      onChange={(next) => dispatch(billingCycleChosen(next))}
    />
  );
}
