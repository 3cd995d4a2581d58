import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The store's hooks for features and shared code, which may not import the app's store (it
 * imports them: eslint.config.js): dispatch takes actions and thunks; a selector is typed by
 * the state it reads (a slice's own selectors name their slice), so RootState is not needed.
 */
export const useAppDispatch = useDispatch.withTypes<ThunkDispatch<never, unknown, UnknownAction>>();
export const useAppSelector = useSelector;
