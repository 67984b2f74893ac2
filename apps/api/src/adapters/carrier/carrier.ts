/**
 * The mobile network as the product sees it (implementations: adapters/carrier/<name>/, chosen by
 * configuration; the default is a simulator with its own tables). Like real wholesale (MVNE)
 * platforms, a change of state is acknowledged at once with a transaction id and its outcome comes
 * later through a callback, so callers record what they asked for, send it from a durable job, and
 * apply the result when it is reported (or when they ask again, for a lost callback).
 */

export type SimKind = 'physical' | 'esim';

export interface CarrierAck {
  /** Unique per request at the carrier: our table has a constraint on it, so nothing applies twice. */
  transactionId: string;
  /** Some answers are immediate (lookups, validations). */
  status: 'accepted' | 'completed' | 'rejected';
  reason?: string | undefined;
}

export interface CarrierOutcome {
  transactionId: string;
  status: 'completed' | 'failed';
  reason?: string | undefined;
  /** What the network assigned: number (MDN), eSIM activation code, and so on. */
  result?: Record<string, string> | undefined;
}

export interface SimRecord {
  iccid: string;
  kind: SimKind;
  state: 'available' | 'reserved' | 'active' | 'suspended' | 'expired' | 'released';
  mdn?: string | undefined;
  /** eSIM only: `LPA:1$<SM-DP+ address>$<matching id>`; never logged, never in a URL. */
  activationCode?: string | undefined;
}

export interface Balances {
  dataMb: number | null;
  voiceMinutes: number | null;
  sms: number | null;
}

export interface UsageRecord {
  at: string;
  type: 'data' | 'voice_in' | 'voice_out' | 'voicemail' | 'sms_in' | 'sms_out';
  units: number;
}

export interface PortRequest {
  mdn: string;
  authorizedName: string;
  accountNumber: string;
  pin: string;
  billingAddress: string;
  zip: string;
}

export interface Carrier {
  readonly name: string;
  lookup(iccidOrMdn: string): Promise<SimRecord | undefined>;
  /** Reserves a SIM or eSIM profile from inventory for an order. */
  reserve(kind: SimKind): Promise<SimRecord>;
  activate(iccid: string, planCode: string, zip: string, requestId: string): Promise<CarrierAck>;
  renew(mdn: string, planCode: string, requestId: string): Promise<CarrierAck>;
  changePlan(mdn: string, planCode: string, requestId: string): Promise<CarrierAck>;
  addBalance(mdn: string, amounts: Balances, requestId: string): Promise<CarrierAck>;
  balances(mdn: string): Promise<Balances>;
  usage(mdn: string, from: Date, to: Date): Promise<UsageRecord[]>;
  setWifiCalling(mdn: string, enabled: boolean, e911Address: string | undefined, requestId: string): Promise<CarrierAck>;
  /** Re-issues an eSIM profile or moves a number to a new SIM. */
  refresh(mdn: string, newIccid: string | undefined, requestId: string): Promise<CarrierAck>;
  portIn(req: PortRequest, iccid: string, requestId: string): Promise<CarrierAck>;
  portStatus(transactionId: string): Promise<{ status: 'submitted' | 'pending' | 'completed' | 'resolution_required' | 'rejected' | 'canceled'; reason?: string }>;
  cancelPort(transactionId: string): Promise<CarrierAck>;
  /** The outcome of an earlier request, for callbacks that never arrived. */
  outcome(transactionId: string): Promise<CarrierOutcome | undefined>;
}
