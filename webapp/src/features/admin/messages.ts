/** The admin's messages (docs/product-rules.md, Hardware catalogue and admin). */
export const messages = {
  fixErrors: 'Please fix the following errors: ',
  nameRequired: 'Product name is required',
  brandRequired: 'Brand is required',
  modelRequired: 'Model is required',
  priceRequired: 'Valid price is required',
  featureRequired: 'At least one feature is required',
  compatibilityRequired: 'At least one compatibility item is required',
  brandBeforeUpload: 'Please select a brand before uploading images',
  imageTypes: 'Only JPEG, PNG or WebP images can be uploaded.',
  uploadFailed: (message: string) => `Failed to upload images: ${message}`,
  imageRemoved: 'Image removed',
  imageRemovedFromFormOnly: 'Image removed from form (server cleanup may be needed)',
  loadFailed: 'Failed to load hardware data',
  saveFailed: 'Error saving item. Please try again.',
  deleteFailed: 'Error deleting item. Please try again.',
  bulkDeleteFailed: 'Error deleting items. Please try again.',
  created: 'Item created successfully',
  updated: 'Item updated successfully',
  deleted: 'Item deleted successfully',
  bulkDeleted: (count: number) => `${count} items deleted successfully`,
  confirmDelete: 'Are you sure you want to delete this item? This action cannot be undone.',
  confirmBulkDelete: (count: number) => `Are you sure you want to delete ${count} items? This action cannot be undone.`,
  signInFailed: 'Sign-in failed. Please try again.',
  signInCheckFailed: 'We could not check your sign-in. Please try again.',
  signOutFailed: 'Sign-out failed. Please try again.',
  auditFailed: 'Failed to load the audit log',
} as const;

/** Joins validation messages after 'Please fix the following errors: '. */
export function fixErrorsMessage(errors: readonly string[]): string {
  return `${messages.fixErrors}${errors.join(', ')}`;
}
