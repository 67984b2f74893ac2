import type { PortRequestView, Sim } from '@app/shared/contracts/sims';

const plan = {
  id: '5d1e6f0a-3b2c-4d5e-8f90-0a1b2c3d4e5f',
  name: 'PayGo Plus',
  simSourceType: 'sim_triple',
  callMinutes: 500,
  sms: 1000,
  bandwidth: 5120,
  validityDays: 30,
};

let serial = 0;

/** A SIM as GET /subscriber/sim answers it (contract simSchema): an active physical SIM unless overridden. */
export function sim(overrides: Partial<Sim> = {}): Sim {
  serial++;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    kind: 'physical',
    iccid: `89126000000000${String(9000 + serial)}`,
    esn: null,
    mdn: '+16465550181',
    zip: '10118',
    createdAt: '2026-10-01T10:00:00.000Z',
    activatedAt: '2026-11-10T10:00:00.000Z',
    simPlanStatus: 'active',
    simPlan: plan,
    simSubscription: {
      planSubscription: { plan, startsAt: '2026-11-10T10:00:00.000Z', expiresAt: '2026-12-10T10:00:00.000Z', releasedAt: null },
    },
    sourceDetails: {
      providerDetails: {
        totalVoice: 500,
        totalSms: 1000,
        totalData: 5120,
        voice: 400,
        sms: 990,
        data: 2048,
        totalUsageVoice: 100,
        totalUsageSms: 10,
        totalUsageData: 3072,
      },
    },
    balance: { call: 400, sms: 990, data: 2048 },
    usageBalance: { call: 100, sms: 10, data: 3072 },
    status: { activatedTime: '2026-11-10T10:00:00.000Z', status: 'active', expired: false, expiredTime: null, releasedTime: null, isZombie: false },
    autoRenew: false,
    autoExtend: false,
    wifiCalling: false,
    e911Address: null,
    pendingAction: null,
    problem: null,
    esim: null,
    ...overrides,
  };
}

export const esimPlan = { ...plan, id: '6d1e6f0a-3b2c-4d5e-8f90-0a1b2c3d4e5f', name: 'PayGo Max eSIM', simSourceType: 'esim' };

/** An eSIM paid and waiting for activation, with its activation code. */
export function inactiveEsim(overrides: Partial<Sim> = {}): Sim {
  return sim({
    kind: 'esim',
    mdn: null,
    zip: null,
    activatedAt: null,
    simPlanStatus: 'plan_inactive',
    simPlan: esimPlan,
    simSubscription: { planSubscription: { plan: esimPlan, startsAt: null, expiresAt: null, releasedAt: null } },
    status: { activatedTime: null, status: 'inactive', expired: false, expiredTime: null, releasedTime: null, isZombie: false },
    esim: {
      activationCode: 'LPA:1$smdp.sim.libertywave.example$DEMO-9003-DANA',
      smdpAddress: 'smdp.sim.libertywave.example',
      matchingId: 'DEMO-9003-DANA',
      installed: false,
    },
    ...overrides,
  });
}

export function port(overrides: Partial<PortRequestView> = {}): PortRequestView {
  return {
    id: '10000000-0000-4000-8000-000000000001',
    simId: '00000000-0000-4000-8000-000000000001',
    number: '+12125550147',
    authorizedName: 'Dana Demo',
    accountNumber: 'ACC-1',
    billingAddress: '350 Fifth Avenue, New York, NY',
    zip: '10118',
    mode: 'to_active_sim',
    status: 'pending',
    reason: null,
    fieldsToFix: [],
    submissions: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** `sim()` with the plan's end date set directly (`expiresAt`; null = not started) and a fixed ICCID default. */
export function simFixture(overrides: Partial<Sim> & { expiresAt?: string | null } = {}): Sim {
  const { expiresAt = '2026-12-20T10:00:00.000Z', ...rest } = overrides;
  const base = sim({ iccid: '8901260000000090017' });
  const planSubscription = base.simSubscription.planSubscription!;
  return { ...base, simSubscription: { planSubscription: { ...planSubscription, expiresAt } }, ...rest };
}
