import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useListHardwareQuery } from '../api';
import { emptyForm, formFromItem, type HardwareFormValues } from '../hardware-form-model';
import { messages } from '../messages';
import type { AdminHardwareItem, StaffSession } from '../types';
import { useFlash } from '../use-flash';
import { AuditLog } from './audit-log';
import { HardwareForm } from './hardware-form';
import { HardwareList } from './hardware-list';

/** After a save the page goes back to the list this much later. */
export const RETURN_TO_LIST_MS = 1500;

type Tab = 'list' | 'form' | 'audit';

/** The tabs of /admin/hardware: the list, the form (admins only) and the audit log. */
export function HardwareManager({ session }: { session: StaffSession }) {
  const id = useId();
  const canEdit = session.role === 'admin';
  const list = useListHardwareQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = list.data ?? [];
  const { flash, show } = useFlash();
  const [tab, setTab] = useState<Tab>('list');
  const [editing, setEditing] = useState<AdminHardwareItem | null>(null);
  const [draft, setDraft] = useState<HardwareFormValues>(emptyForm);
  const [returning, setReturning] = useState(false);
  const returnTimer = useRef<number | undefined>(undefined);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  useEffect(() => () => window.clearTimeout(returnTimer.current), []);

  const backToList = () => {
    window.clearTimeout(returnTimer.current);
    setReturning(false);
    setEditing(null);
    setDraft(emptyForm());
    setTab('list');
  };

  const saved = (message: string) => {
    show('success', message);
    setReturning(true);
    returnTimer.current = window.setTimeout(backToList, RETURN_TO_LIST_MS);
  };

  const edit = (item: AdminHardwareItem) => {
    setEditing(item);
    setDraft(formFromItem(item));
    setTab('form');
  };

  const tabs: { key: Tab; label: string }[] = [
    { key: 'list', label: `All Items (${items.length})` },
    ...(canEdit ? [{ key: 'form' as const, label: editing ? 'Edit Item' : 'Add New Item' }] : []),
    { key: 'audit', label: 'Audit' },
  ];

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((entry) => entry.key === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length].key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      {flash && (
        <div className={`admin-flash is-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          {flash.text}
        </div>
      )}
      {!canEdit && <p className="admin-note">{messages.readOnlyCatalogue}</p>}
      <div className="admin-tabs" role="tablist" aria-label="Hardware manager">
        {tabs.map((entry) => (
          <button
            key={entry.key}
            ref={(element) => {
              tabRefs.current[entry.key] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${entry.key}`}
            aria-selected={tab === entry.key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === entry.key ? 0 : -1}
            className={`admin-tab${tab === entry.key ? ' is-active' : ''}`}
            onClick={() => setTab(entry.key)}
            onKeyDown={onTabKey}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <section className="admin-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'list' &&
          (list.isError && !list.data ? (
            <div className="admin-problem" role="alert">
              <p>{messages.loadFailed}</p>
              <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
                Try again
              </button>
            </div>
          ) : !list.data ? (
            <p className="loading" role="status">
              Loading hardware items...
            </p>
          ) : (
            <HardwareList items={items} canEdit={canEdit} onEdit={edit} onAdd={() => setTab('form')} flash={show} />
          ))}
        {tab === 'form' && canEdit && (
          <HardwareForm editing={editing} values={draft} onChange={setDraft} onSaved={saved} onCancel={backToList} flash={show} locked={returning} />
        )}
        {tab === 'audit' && <AuditLog items={items} />}
      </section>
    </>
  );
}
