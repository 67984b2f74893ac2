import { describe, expect, it } from 'vitest';
import { simFixture } from '../../test/sim-fixtures';
import { simActionHref, simNextAction, sortBySoonestExpiry } from './sim-next-action';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

describe('simNextAction', () => {
  it('renews an expired SIM, by its status or by a plan end in the past', () => {
    expect(simNextAction(simFixture({ status: { ...simFixture().status, status: 'expired', expired: true } }), NOW)).toBe('renew');
    expect(simNextAction(simFixture({ expiresAt: inDays(-1) }), NOW)).toBe('renew');
  });

  it('activates a SIM that never started', () => {
    const fresh = simFixture({ activatedAt: null, mdn: null, expiresAt: null, status: { ...simFixture().status, status: 'inactive' } });
    expect(simNextAction(fresh, NOW)).toBe('activate');
    expect(simActionHref(fresh, 'activate')).toBe(`/dashboard/sim/${fresh.id}`);
  });

  it('renews a plan ending within a week, tops up one with time left or used up', () => {
    expect(simNextAction(simFixture({ expiresAt: inDays(3) }), NOW)).toBe('renew');
    expect(simNextAction(simFixture({ expiresAt: inDays(20) }), NOW)).toBe('topUp');
    expect(simNextAction(simFixture({ expiresAt: inDays(20), status: { ...simFixture().status, status: 'used_up' } }), NOW)).toBe('topUp');
  });

  it('offers nothing while a carrier action is on its way', () => {
    expect(simNextAction(simFixture({ pendingAction: { id: crypto.randomUUID(), type: 'renew', since: inDays(0) } }), NOW)).toBeNull();
  });
});

describe('sortBySoonestExpiry', () => {
  it('puts the soonest end first and SIMs without one last', () => {
    const late = simFixture({ iccid: 'late', expiresAt: inDays(25) });
    const none = simFixture({ iccid: 'none', expiresAt: null, activatedAt: null });
    const past = simFixture({ iccid: 'past', expiresAt: inDays(-10) });
    const soon = simFixture({ iccid: 'soon', expiresAt: inDays(2) });
    expect(sortBySoonestExpiry([late, none, past, soon]).map((s) => s.iccid)).toEqual(['past', 'soon', 'late', 'none']);
  });
});
