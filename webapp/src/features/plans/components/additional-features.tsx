import { useCatalogue } from '../../../lib/catalogue';
import { formatPence } from '../../../lib/format-money';

/** Add-ons and extra numbers per plan, priced from the catalogue. */
export function AdditionalFeatures() {
  const { data: catalogue } = useCatalogue();
  if (!catalogue) return null;
  const rows = catalogue.plans.flatMap((plan) => [
    { key: `${plan.id}-number`, name: 'Additional UK number', plan: plan.name, monthly: plan.extraNumber.monthlyPence, yearly: plan.extraNumber.yearlyPence },
    ...plan.addOns.map((addOn) => ({
      key: `${plan.id}-${addOn.id}`,
      name: addOn.name,
      plan: plan.name,
      monthly: addOn.monthlyPence,
      yearly: addOn.yearlyPence,
    })),
  ]);
  return (
    <section className="section" aria-labelledby="additional-features-heading">
      <h2 id="additional-features-heading">Additional features</h2>
      <p>Add only what you need. Prices exclude VAT; yearly prices include the {catalogue.yearlyDiscountPercent}% discount.</p>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Plan</th>
              <th scope="col">Monthly</th>
              <th scope="col">Yearly</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.plan}</td>
                <td>{formatPence(row.monthly)}</td>
                <td>{formatPence(row.yearly)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Freephone 0800 numbers</th>
              <td>All plans</td>
              <td colSpan={2}>Custom pricing: contact sales</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
