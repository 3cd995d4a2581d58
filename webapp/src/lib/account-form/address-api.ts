import { api } from '../api';
import type { AddressLookupResponse, AddressSuggestion } from './types';

/** The postcode lookup of the account form, through our server (which holds the lookup key). */
const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** UK addresses at a postcode. */
    lookupAddress: build.query<AddressSuggestion[], string>({
      query: (postcode) => ({ url: 'address-lookup/', params: { postcode } }),
      transformResponse: (response: AddressLookupResponse) => response.result ?? [],
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useLazyLookupAddressQuery } = addressApi;
