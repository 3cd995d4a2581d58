import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Registrations } from './api-types';
import {
  REGISTRATION_POLL_MS,
  REGISTRATION_WATCH_MS,
  registrationPollInterval,
  registrationText,
  useRegistrationPolling,
} from './registrations';

const sipServer = { domain: 'sip.talkbridge.localhost', port: 5060, transport: 'UDP' };
const state = (...registered: boolean[]): Registrations => ({
  sipServer,
  extensions: registered.map((r, i) => ({ number: String(101 + i), username: `jane${101 + i}`, active: true, registered: r })),
});

describe('registrationPollInterval', () => {
  it('asks every few seconds while an extension is not registered, until the two minutes are over', () => {
    expect(registrationPollInterval(false, undefined)).toBe(REGISTRATION_POLL_MS);
    expect(registrationPollInterval(false, state(false, true))).toBe(REGISTRATION_POLL_MS);
    expect(registrationPollInterval(true, state(false))).toBe(0);
  });

  it('stops once every active extension is registered, or when none is active', () => {
    expect(registrationPollInterval(false, state(true, true))).toBe(0);
    const ended = { sipServer, extensions: [{ number: '101', username: 'x101', active: false, registered: false }] };
    expect(registrationPollInterval(false, ended)).toBe(0);
    expect(registrationPollInterval(false, { sipServer, extensions: [] })).toBe(REGISTRATION_POLL_MS);
  });
});

describe('registrationText', () => {
  it('says registered, not yet, or no longer active', () => {
    expect(registrationText({ active: true, registered: true })).toBe('Registered');
    expect(registrationText({ active: true, registered: false })).toBe('Not registered yet');
    expect(registrationText({ active: false, registered: false })).toMatch(/no longer connects/);
    expect(registrationText(undefined)).toBe('Checking…');
  });
});

describe('useRegistrationPolling', () => {
  afterEach(() => vi.useRealTimers());

  it('polls from the opening of the page for two minutes, then stops', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRegistrationPolling(state(false)));
    expect(result.current).toBe(REGISTRATION_POLL_MS);
    act(() => vi.advanceTimersByTime(REGISTRATION_WATCH_MS - 1));
    expect(result.current).toBe(REGISTRATION_POLL_MS);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(0);
  });
});
