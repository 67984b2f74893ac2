import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PortDetailsInput, PortRequestView } from '@app/shared/contracts/sims';
import { ERRORS } from '@app/shared/errors';
import { normaliseUsNumber } from '@app/shared/rules/sims';
import type { Carrier, PortDetails } from '../../adapters/carrier/carrier.js';
import type { Db } from '../../db/client.js';
import { portRequests, sims } from '../../db/schema/sims.js';
import { appError, isUniqueViolation } from '../../lib/errors.js';
import type { CarrierActionService } from './carrier-actions.service.js';
import { findOwnedSim, openActionOfType, type PortRow } from './sims.repository.js';
import type { SimsService } from './sims.service.js';

/**
 * Port-in (spec §7 Porting, §8 messages): a number at another carrier moves onto one of the
 * subscriber's SIMs, either while activating it (to_inactive_sim) or replacing the number of an
 * active one (to_active_sim). The port moves submitted → pending → completed, or stops at
 * resolution_required with the reason (the subscriber corrects the named fields and resubmits),
 * rejected, or canceled. See docs/decisions/162-port-in.md.
 */

const FIELDS_TO_FIX: Record<string, PortRequestView['fieldsToFix']> = {
  account_number_mismatch: ['accountNumber'],
  wrong_pin: ['pin'],
  name_mismatch: ['authorizedName'],
  zip_mismatch: ['zip'],
};

const message = (code: 'PORT_NUMBER_INVALID' | 'PORT_NUMBER_NOT_ELIGIBLE', num: string) => ERRORS[code].message.replace('{num}', num);

export function portView(p: PortRow): PortRequestView {
  return {
    id: p.id,
    simId: p.simId,
    number: p.mdn,
    authorizedName: p.authorizedName,
    accountNumber: p.accountNumber,
    billingAddress: p.billingAddress,
    zip: p.zip,
    mode: p.mode,
    status: p.status,
    reason: p.reason,
    fieldsToFix: p.status === 'resolution_required' ? (FIELDS_TO_FIX[p.reason ?? ''] ?? []) : [],
    submissions: p.submissions,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export class PortingService {
  constructor(
    private readonly db: Db,
    private readonly carrier: Carrier,
    private readonly actions: CarrierActionService,
    private readonly sims: SimsService,
  ) {}

  /** Whether a number can be ported in (spec §8 wording for each refusal). */
  async validate(input: string): Promise<{ number: string; eligible: true }> {
    const mdn = normaliseUsNumber(input);
    if (!mdn) throw appError('PORT_NUMBER_INVALID', { message: message('PORT_NUMBER_INVALID', input.trim()), errors: [{ field: 'number', message: message('PORT_NUMBER_INVALID', input.trim()) }] });
    const [open] = await this.db
      .select({ id: portRequests.id })
      .from(portRequests)
      .where(and(eq(portRequests.mdn, mdn), inArray(portRequests.status, ['submitted', 'pending', 'resolution_required'])))
      .limit(1);
    if (open) throw appError('PORT_NUMBER_NOT_ELIGIBLE', { message: message('PORT_NUMBER_NOT_ELIGIBLE', mdn) });
    const eligibility = await this.carrier.validatePort(mdn);
    if (!eligibility.eligible) {
      if (eligibility.reason === 'invalid_number') throw appError('PORT_NUMBER_INVALID', { message: message('PORT_NUMBER_INVALID', mdn) });
      if (eligibility.reason === 'already_ours') throw appError('MDN_NOT_ELIGIBLE_FOR_PORTING');
      throw appError('PORT_NUMBER_NOT_ELIGIBLE', { message: message('PORT_NUMBER_NOT_ELIGIBLE', mdn) });
    }
    return { number: mdn, eligible: true };
  }

  private details(body: PortDetailsInput, mdn: string): PortDetails {
    return {
      mdn,
      authorizedName: body.authorizedName.trim(),
      accountNumber: body.accountNumber.trim(),
      pin: body.pin.trim(),
      billingAddress: body.billingAddress.trim(),
      zip: body.zip.trim().slice(0, 5),
    };
  }

  /** Port a number in while activating a paid SIM (the number replaces the one we would assign). */
  async toInactiveSim(subscriberId: string, body: PortDetailsInput & { simId: string }): Promise<PortRequestView> {
    const { number: mdn } = await this.validate(body.number);
    const d = this.details(body, mdn);
    return this.create(subscriberId, body.simId, 'to_inactive_sim', d);
  }

  /** Port a number onto an active SIM, replacing its current number. */
  async toActiveSim(subscriberId: string, body: PortDetailsInput & { simId: string }): Promise<PortRequestView> {
    const { number: mdn } = await this.validate(body.number);
    return this.create(subscriberId, body.simId, 'to_active_sim', this.details(body, mdn));
  }

  private async create(subscriberId: string, simId: string, mode: 'to_inactive_sim' | 'to_active_sim', d: PortDetails): Promise<PortRequestView> {
    try {
      return await this.db.transaction(async (tx) => {
        const sim = await findOwnedSim(tx, subscriberId, simId, true);
        if (!sim) throw appError('SIM_NOT_FOUND');
        if (mode === 'to_active_sim' && sim.status !== 'active') throw appError('SIM_NOT_ACTIVE');
        if (mode === 'to_inactive_sim' && sim.status !== 'inactive') throw appError('SIM_NOT_ACTIVATABLE');
        if (await openActionOfType(tx, sim.id, ['port_in', 'activate'])) throw appError('SIM_ACTION_PENDING');
        const [port] = await tx
          .insert(portRequests)
          .values({ subscriberId, simId, mode, mdn: d.mdn, authorizedName: d.authorizedName, accountNumber: d.accountNumber, pin: d.pin, billingAddress: d.billingAddress, zip: d.zip })
          .returning();
        const action =
          mode === 'to_inactive_sim'
            ? await this.sims.startActivation(tx, sim, d.zip, { portId: port!.id, details: d }).then(() => openActionOfType(tx, sim.id, ['activate']))
            : await this.actions.record(tx, { simId: sim.id, subscriberId, request: { type: 'port_in', iccid: sim.iccid, port: d }, context: { portId: port!.id } });
        const [updated] = await tx.update(portRequests).set({ actionId: action!.id }).where(eq(portRequests.id, port!.id)).returning();
        return portView(updated!);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw appError('PORT_NUMBER_NOT_ELIGIBLE', { message: message('PORT_NUMBER_NOT_ELIGIBLE', d.mdn) });
      throw e;
    }
  }

  async list(subscriberId: string): Promise<PortRequestView[]> {
    const rows = await this.db.select().from(portRequests).where(eq(portRequests.subscriberId, subscriberId)).orderBy(desc(portRequests.createdAt));
    return rows.map(portView);
  }

  private async owned(subscriberId: string, portId: string): Promise<PortRow> {
    const [row] = await this.db
      .select()
      .from(portRequests)
      .where(and(eq(portRequests.id, portId), eq(portRequests.subscriberId, subscriberId)))
      .limit(1);
    if (!row) throw appError('PORT_NOT_FOUND');
    return row;
  }

  /** The latest state, asking the carrier when the port is still moving (a lost callback is caught here too). */
  async check(subscriberId: string, portId: string): Promise<PortRequestView> {
    const port = await this.owned(subscriberId, portId);
    if ((port.status === 'submitted' || port.status === 'pending') && port.actionId) {
      const action = await this.actions.get(port.actionId);
      if (action?.transactionId) {
        const o = await this.carrier.outcome(action.transactionId).catch(() => undefined);
        if (o) await this.actions.applyOutcome(o);
      }
    }
    return portView(await this.owned(subscriberId, portId));
  }

  /** Corrects the fields the carrier named and submits the port again. */
  async resubmit(subscriberId: string, portId: string, fixes: Partial<PortDetailsInput>): Promise<PortRequestView> {
    return this.db.transaction(async (tx) => {
      const [port] = await tx
        .select()
        .from(portRequests)
        .where(and(eq(portRequests.id, portId), eq(portRequests.subscriberId, subscriberId)))
        .for('update')
        .limit(1);
      if (!port) throw appError('PORT_NOT_FOUND');
      if (port.status !== 'resolution_required') throw appError('PORT_NOT_RESUBMITTABLE');
      const d: PortDetails = {
        mdn: port.mdn,
        authorizedName: fixes.authorizedName?.trim() || port.authorizedName,
        accountNumber: fixes.accountNumber?.trim() || port.accountNumber,
        pin: fixes.pin?.trim() || port.pin,
        billingAddress: fixes.billingAddress?.trim() || port.billingAddress,
        zip: fixes.zip?.trim().slice(0, 5) || port.zip,
      };
      const [sim] = await tx.select().from(sims).where(eq(sims.id, port.simId)).for('update').limit(1);
      if (!sim) throw appError('PORT_NOT_FOUND');
      let actionId: string | undefined;
      if (port.mode === 'to_inactive_sim') {
        await this.sims.startActivation(tx, sim, d.zip, { portId: port.id, details: d });
        actionId = (await openActionOfType(tx, sim.id, ['activate']))?.id;
      } else {
        if (sim.status !== 'active') throw appError('SIM_NOT_ACTIVE');
        actionId = (await this.actions.record(tx, { simId: sim.id, subscriberId, request: { type: 'port_in', iccid: sim.iccid, port: d }, context: { portId: port.id } })).id;
      }
      const [updated] = await tx
        .update(portRequests)
        .set({
          ...d,
          status: 'submitted',
          reason: null,
          actionId: actionId ?? null,
          transactionId: null,
          submissions: port.submissions + 1,
        })
        .where(eq(portRequests.id, port.id))
        .returning();
      return portView(updated!);
    });
  }

  async cancel(subscriberId: string, portId: string): Promise<PortRequestView> {
    return this.db.transaction(async (tx) => {
      const [port] = await tx
        .select()
        .from(portRequests)
        .where(and(eq(portRequests.id, portId), eq(portRequests.subscriberId, subscriberId)))
        .for('update')
        .limit(1);
      if (!port) throw appError('PORT_NOT_FOUND');
      if (!['submitted', 'pending', 'resolution_required'].includes(port.status)) throw appError('PORT_NOT_CANCELABLE');
      const action = port.actionId ? await this.actions.get(port.actionId, tx) : undefined;
      if (port.status !== 'resolution_required' && action && action.status !== 'failed' && action.status !== 'completed') {
        // The carrier has it: ask it to stop; the port follows its answer.
        if (!action.transactionId) throw appError('SIM_ACTION_PENDING');
        await this.actions.record(tx, { simId: port.simId, subscriberId, request: { type: 'cancel_port', portTransactionId: action.transactionId }, context: { portId: port.id } });
        return portView(port);
      }
      // Nothing is running at the carrier (it waits for a correction): cancel here.
      const [updated] = await tx
        .update(portRequests)
        .set({ status: 'canceled', finishedAt: new Date() })
        .where(eq(portRequests.id, port.id))
        .returning();
      return portView(updated!);
    });
  }
}
