import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/account-form/text-field';
import { TextAreaField } from '../../../components/message-form/text-area-field';
import { sendByMail } from '../../../components/message-form/message-rules';
import { ModalDialog } from '../../../components/modal-dialog';
import { openExternal } from '../../../lib/full-page-load';
import {
  emptySupportRequest,
  supportRequestMailto,
  validateSupportRequest,
  type SupportErrors,
  type SupportField,
  type SupportRequest as Request,
} from '../support-request-rules';

const FIELD_ORDER: SupportField[] = ['name', 'email', 'phone', 'message'];

/**
 * The Request Support button and its form in a modal dialog. Sending opens the visitor's mail
 * client with the request written out to the support mailbox, says so, then closes and clears.
 */
export function SupportRequest({ buttonLabel = 'Request Support' }: { buttonLabel?: string }) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<Request>(emptySupportRequest);
  const [errors, setErrors] = useState<SupportErrors>({});

  const edit = (field: SupportField) => (value: string) => {
    setRequest((current) => ({ ...current, [field]: value }));
    // A field's error clears as soon as it is edited.
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const close = () => {
    setOpen(false);
    setErrors({});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSupportRequest(request);
    setErrors(found);
    if (sendByMail(formRef.current, FIELD_ORDER, found, () => supportRequestMailto(request), openExternal)) {
      setRequest(emptySupportRequest());
      close();
    }
  };

  return (
    <>
      <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {buttonLabel}
      </button>
      {open && (
        <ModalDialog labelledBy={headingId} onClose={close}>
          <h2 id={headingId}>Request Support</h2>
          <p>Tell us what is wrong and how to reach you. Your e-mail program opens with the request ready to send.</p>
          <form ref={formRef} noValidate onSubmit={onSubmit}>
            <TextField label="Name" name="name" autoComplete="name" required value={request.name} onChange={edit('name')} error={errors.name} />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={request.email}
              onChange={edit('email')}
              error={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              value={request.phone}
              onChange={edit('phone')}
              error={errors.phone}
            />
            <TextAreaField label="Message" name="message" required value={request.message} onChange={edit('message')} error={errors.message} />
            <div className="modal-actions">
              <button type="button" className="button button-secondary" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button button-primary">
                Send request
              </button>
            </div>
          </form>
        </ModalDialog>
      )}
    </>
  );
}
