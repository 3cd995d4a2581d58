import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/account-form/text-field';
import { sendByMail } from '../../../components/message-form/message-rules';
import { TextAreaField } from '../../../components/message-form/text-area-field';
import { openExternal } from '../../../lib/full-page-load';
import {
  contactMailto,
  emptyContactMessage,
  validateContactMessage,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
} from '../contact-rules';

const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

/** Send us a message: opens the visitor's mail client with the message to the sales mailbox, says so, and clears. */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<ContactMessage>(emptyContactMessage);
  const [errors, setErrors] = useState<ContactErrors>({});

  const edit = (field: ContactField) => (value: string) => {
    setMessage((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactMessage(message);
    setErrors(found);
    if (sendByMail(formRef.current, FIELD_ORDER, found, () => contactMailto(message), openExternal)) {
      setMessage(emptyContactMessage());
    }
  };

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">Send us a message</h2>
      <p>We answer every message by the next working day. Every field is needed except the phone number.</p>
      <div className="form-grid">
        <TextField label="Name" name="name" autoComplete="name" required value={message.name} onChange={edit('name')} error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={message.email}
          onChange={edit('email')}
          error={errors.email}
        />
      </div>
      <div className="form-grid">
        <TextField label="Phone (optional)" name="phone" type="tel" autoComplete="tel" value={message.phone} onChange={edit('phone')} />
        <TextField label="Subject" name="subject" required value={message.subject} onChange={edit('subject')} error={errors.subject} />
      </div>
      <TextAreaField label="Message" name="message" required rows={6} value={message.message} onChange={edit('message')} error={errors.message} />
      <button type="submit" className="button button-primary">
        Send message
      </button>
    </form>
  );
}
