import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteImageMutation, useUploadImageMutation } from '../api';
import { messages } from '../messages';
import type { Brand, HardwareImage } from '../types';
import type { ShowFlash } from '../use-flash';

const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface ImageFieldProps {
  brand: Brand | '';
  model: string;
  /** The saved item being edited: uploads are attached to it at once. */
  hardwareId?: string;
  images: HardwareImage[];
  onChange: (update: (images: HardwareImage[]) => HardwareImage[]) => void;
  onUploadingChange: (uploading: boolean) => void;
  flash: ShowFlash;
  disabled?: boolean;
}

/** Upload (a brand first; JPEG, PNG or WebP; several at once), thumbnails, remove. */
export function ImageField({ brand, model, hardwareId, images, onChange, onUploadingChange, flash, disabled = false }: ImageFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const [upload, { isLoading: uploading }] = useUploadImageMutation();
  const [deleteImage] = useDeleteImageMutation();
  const [removing, setRemoving] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    if (!brand) {
      flash('error', messages.brandBeforeUpload);
      return;
    }
    // An empty type is left to the server, which checks the bytes anyway.
    if (files.some((file) => file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type))) {
      flash('error', messages.uploadFailed(messages.imageTypes));
      return;
    }
    onUploadingChange(true);
    const failures: string[] = [];
    for (const file of files) {
      try {
        const image = await upload({ file, brand, model, hardwareId }).unwrap();
        onChange((current) => [...current, image]);
      } catch (error) {
        failures.push(errorMessage(error, 'Failed to upload image'));
      }
    }
    onUploadingChange(false);
    if (failures.length > 0) flash('error', messages.uploadFailed(failures[0]));
  };

  const remove = async (image: HardwareImage) => {
    setRemoving(image.id);
    try {
      await deleteImage(image.id).unwrap();
      flash('success', messages.imageRemoved);
    } catch {
      flash('error', messages.imageRemovedFromFormOnly);
    }
    setRemoving(null);
    onChange((current) => current.filter((entry) => entry.id !== image.id));
  };

  return (
    <fieldset className="admin-images" disabled={disabled}>
      <legend>Images</legend>
      <label htmlFor={inputId}>Upload images</label>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple
        aria-describedby={hintId}
        onChange={(event) => void choose(event)}
      />
      <p id={hintId} className="admin-hint">
        JPEG, PNG or WebP, up to 5 MB each.{brand ? '' : ' Choose a brand first.'}
      </p>
      {uploading && (
        <p className="loading" role="status">
          Uploading...
        </p>
      )}
      {images.length > 0 && (
        <ul className="admin-thumbnails" aria-label="Item images">
          {images.map((image) => (
            <li key={image.id}>
              <img src={image.url} alt={image.filename} width={96} height={96} />
              <button
                type="button"
                className="admin-icon-button"
                aria-label={`Remove image ${image.filename}`}
                onClick={() => void remove(image)}
                disabled={removing === image.id}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
