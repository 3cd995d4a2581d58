import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDeleteHardwareMutation } from '../api';
import { filterItems, noFilters, type ListFilters } from '../list-filters';
import { messages } from '../messages';
import { BRAND_LABELS, BRANDS, ITEM_STATUSES, STATUS_LABELS, type AdminHardwareItem } from '../types';
import type { ShowFlash } from '../use-flash';
import { DetailsDialog } from './details-dialog';
import { brandLabel, ItemPrice, StatusBadge, StockBadge } from './item-badges';

interface HardwareListProps {
  items: AdminHardwareItem[];
  /** Admins edit and delete; support staff only look. */
  canEdit: boolean;
  onEdit: (item: AdminHardwareItem) => void;
  onAdd: () => void;
  flash: ShowFlash;
}

/** The select-all box: checked when every shown row is, mixed when some are. */
function SelectAll({ checked, mixed, disabled, onChange }: { checked: boolean; mixed: boolean; disabled: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return <input ref={ref} type="checkbox" aria-label="Select all items" checked={checked} disabled={disabled} onChange={onChange} />;
}

/** Filters, search, the table with row selection, bulk and single delete, and view details. */
export function HardwareList({ items, canEdit, onEdit, onAdd, flash }: HardwareListProps) {
  const id = useId();
  const [filters, setFilters] = useState<ListFilters>(noFilters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<AdminHardwareItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteHardware] = useDeleteHardwareMutation();
  const closeDetails = useCallback(() => setViewing(null), []);

  const shown = useMemo(() => filterItems(items, filters), [items, filters]);
  // Only rows on screen count as selected, so a filter never hides a row about to be deleted.
  const selectedShown = shown.filter((item) => selected.has(item.id));
  const allSelected = shown.length > 0 && selectedShown.length === shown.length;

  const setFilter = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  const toggle = (itemId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });

  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const item of shown) {
        if (allSelected) next.delete(item.id);
        else next.add(item.id);
      }
      return next;
    });

  const deleteOne = async (item: AdminHardwareItem) => {
    if (!window.confirm(messages.confirmDelete)) return;
    setDeleting(true);
    try {
      await deleteHardware(item.id).unwrap();
      setSelected((current) => new Set([...current].filter((selectedId) => selectedId !== item.id)));
      flash('success', messages.deleted);
    } catch {
      flash('error', messages.deleteFailed);
    }
    setDeleting(false);
  };

  const deleteSelected = async () => {
    const doomed = selectedShown.map((item) => item.id);
    if (doomed.length === 0 || !window.confirm(messages.confirmBulkDelete(doomed.length))) return;
    setDeleting(true);
    const results = await Promise.allSettled(doomed.map((itemId) => deleteHardware(itemId).unwrap()));
    const gone = new Set(doomed.filter((_, index) => results[index].status === 'fulfilled'));
    setSelected((current) => new Set([...current].filter((selectedId) => !gone.has(selectedId))));
    if (gone.size < doomed.length) flash('error', messages.bulkDeleteFailed);
    else flash('success', messages.bulkDeleted(doomed.length));
    setDeleting(false);
  };

  return (
    <div className="admin-list">
      <div className="admin-toolbar">
        <div className="admin-filters" role="search" aria-label="Filter hardware items">
        <div className="admin-field">
          <label htmlFor={`${id}-brand`}>Brand</label>
          <select id={`${id}-brand`} value={filters.brand} onChange={(e) => setFilter('brand', e.target.value as ListFilters['brand'])}>
            <option value="">All brands</option>
            {BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {BRAND_LABELS[brand]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={filters.status} onChange={(e) => setFilter('status', e.target.value as ListFilters['status'])}>
            <option value="">All statuses</option>
            {ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field admin-search">
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Name, model or description"
            value={filters.search}
            onChange={(e) => setFilter('search', e.target.value)}
          />
        </div>
        </div>
        {canEdit && (
          <button
            type="button"
            className="button button-secondary admin-danger"
            disabled={selectedShown.length === 0 || deleting}
            onClick={() => void deleteSelected()}
          >
            Delete Selected ({selectedShown.length})
          </button>
        )}
      </div>

      {shown.length === 0 ? (
        <div className="admin-empty">
          <p>No hardware items found.</p>
          {canEdit && (
            <button type="button" className="button button-primary" onClick={onAdd}>
              Add your first item
            </button>
          )}
        </div>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Hardware items</caption>
            <thead>
              <tr>
                {canEdit && (
                  <th scope="col" className="admin-select-cell">
                    <SelectAll checked={allSelected} mixed={selectedShown.length > 0 && !allSelected} disabled={deleting} onChange={toggleAll} />
                  </th>
                )}
                <th scope="col">Name</th>
                <th scope="col">Brand</th>
                <th scope="col">Model</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.id} className={selected.has(item.id) ? 'is-selected' : undefined}>
                  {canEdit && (
                    <td className="admin-select-cell">
                      <input type="checkbox" aria-label={`Select ${item.name}`} checked={selected.has(item.id)} disabled={deleting} onChange={() => toggle(item.id)} />
                    </td>
                  )}
                  <th scope="row" className="admin-name-cell">
                    <span className="admin-item-name">{item.name}</span>
                    {item.shortDesc && <span className="admin-item-desc">{item.shortDesc}</span>}
                  </th>
                  <td>{brandLabel(item)}</td>
                  <td>{item.model}</td>
                  <td>
                    <ItemPrice item={item} />
                  </td>
                  <td>
                    <StockBadge item={item} />
                  </td>
                  <td>
                    <StatusBadge item={item} />
                  </td>
                  <td className="admin-actions">
                    {canEdit && (
                      <button type="button" className="admin-link-button" aria-label={`Edit ${item.name}`} onClick={() => onEdit(item)} disabled={deleting}>
                        Edit
                      </button>
                    )}
                    <button type="button" className="admin-link-button" aria-label={`View details of ${item.name}`} onClick={() => setViewing(item)}>
                      View
                    </button>
                    {canEdit && (
                      <button
                        type="button"
                        className="admin-link-button admin-danger"
                        aria-label={`Delete ${item.name}`}
                        onClick={() => void deleteOne(item)}
                        disabled={deleting}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {viewing && <DetailsDialog item={viewing} onClose={closeDetails} />}
    </div>
  );
}
