/**
 * The mobile network as the product sees it (implementations: adapters/carrier/<name>/, chosen by
 * the CARRIER setting; the default is a simulator with its own tables). Like real wholesale (MVNE)
 * platforms, a change of state is acknowledged at once with a transaction id and its outcome comes
 * later through a callback, so callers record what they asked for, send it from a durable job, and
 * apply the result when it is reported (or when they ask again with `outcome`, for a lost callback).
 *
 * Requests carry our request id; the carrier answers a repeated request id with the first
 * acknowledgement, so a send that timed out can be retried without doing anything twice.
 * See docs/decisions/160-carrier-adapter-and-simulator.md.
 */

export type SimKind = 'physical' | 'esim';

/** A SIM card or eSIM profile as the network knows it. */
export type CarrierSimState =
  | 'available' // in inventory, not sold
  | 'reserved' // sold or assigned, not on the network yet
  | 'active' // on the network with a number
  | 'suspended'
  | 'expired' // the plan ran out; number kept for the recovery window
  | 'released' // number released, SIM unusable
  | 'ported_out';

export interface PlanSpec {
  /** Our plan code; the carrier knows it as a wholesale rate plan. */
  code: string;
  days: number;
  /** Quotas per period; null = unlimited. */
  dataMb: number | null;
  voiceMinutes: number | null;
  sms: number | null;
}

export interface Balances {
  /** Remaining; null = unlimited. */
  dataMb: number | null;
  voiceMinutes: number | null;
  sms: number | null;
}

export interface E911Address {
  street: string;
  unit?: string | undefined;
  city: string;
  state: string;
  zip: string;
}

export interface PortDetails {
  /** The number to port in, E.164 US ('+1' and ten digits). */
  mdn: string;
  authorizedName: string;
  accountNumber: string;
  pin: string;
  billingAddress: string;
  zip: string;
}

export type PortState = 'submitted' | 'pending' | 'completed' | 'resolution_required' | 'rejected' | 'canceled';
export type PortResolutionReason = 'account_number_mismatch' | 'wrong_pin' | 'name_mismatch' | 'zip_mismatch';

/** Everything that changes state at the network. */
export type CarrierRequest =
  | { type: 'activate'; iccid: string; plan: PlanSpec; zip: string; /** port this number in instead of assigning one */ port?: PortDetails }
  | { type: 'renew'; iccid: string; plan: PlanSpec }
  /** Takes effect at once with a fresh period (a change at the end of a period is sent then, as a renewal). */
  | { type: 'change_plan'; iccid: string; plan: PlanSpec }
  | { type: 'add_balance'; iccid: string; add: { dataMb: number; voiceMinutes: number; sms: number } }
  | { type: 'set_wifi_calling'; iccid: string; enabled: boolean; address?: E911Address | undefined }
  | { type: 'suspend'; iccid: string }
  | { type: 'reconnect'; iccid: string }
  /** eSIM: a new profile for the same number (old one unusable). Physical: move the number to `newIccid`. */
  | { type: 'refresh'; iccid: string; newIccid?: string | undefined }
  /**
   * An expired SIM within the recovery window gets its number back with a new plan period; with
   * `newIccid` (a lost or broken card) the number comes back on that new physical card.
   */
  | { type: 'recover'; iccid: string; plan: PlanSpec; newIccid?: string | undefined }
  /** Port a number onto an active SIM (replacing its number). */
  | { type: 'port_in'; iccid: string; port: PortDetails }
  | { type: 'cancel_port'; portTransactionId: string };

export type CarrierRequestType = CarrierRequest['type'];

export interface CarrierAck {
  /** Unique per request at the carrier: our table has a constraint on it, so nothing applies twice. */
  transactionId: string;
  /** `rejected` is final at once (bad request); everything else reports its outcome later. */
  status: 'accepted' | 'rejected';
  reason?: string | undefined;
}

export type OutcomeStatus = 'completed' | 'failed' | PortState;

export interface CarrierOutcome {
  transactionId: string;
  /** Our request id, echoed. */
  requestId: string;
  status: OutcomeStatus;
  /** Final for this transaction (ports report `submitted`/`pending` on the way). */
  final: boolean;
  reason?: string | undefined;
  /** What the network assigned: number (mdn), plan dates, eSIM activation code, … */
  result?: OutcomeResult | undefined;
}

export interface OutcomeResult {
  mdn?: string | undefined;
  iccid?: string | undefined;
  planStartedAt?: string | undefined;
  planExpiresAt?: string | undefined;
  activationCode?: string | undefined;
  balances?: Balances | undefined;
}

export interface CarrierSim {
  iccid: string;
  kind: SimKind;
  state: CarrierSimState;
  /** Physical SIMs: the ESN/IMEI-style serial printed with the ICCID, if the supplier gives one. */
  esn?: string | undefined;
  mdn?: string | undefined;
  planCode?: string | undefined;
  planExpiresAt?: string | undefined;
  /** eSIM only: `LPA:1$<SM-DP+ address>$<matching id>`; never logged, never in a URL. */
  activationCode?: string | undefined;
  /** eSIM only: a profile installs once; after that it needs a refresh (a new profile). */
  profileInstalled?: boolean | undefined;
  wifiCalling: boolean;
  balances: Balances;
}

export interface InventoryItem {
  iccid: string;
  kind: SimKind;
  esn?: string | undefined;
  /** eSIM: SM-DP+ address and matching id (the activation code is built from them). */
  smdpAddress?: string | undefined;
  matchingId?: string | undefined;
}

export interface UsageRecord {
  /** The carrier's id for the record (we keep it unique, so a re-read adds nothing twice). */
  id: string;
  iccid: string;
  /** Start of the hour the record covers. */
  bucketStart: string;
  dataMb: number;
  voiceInMinutes: number;
  voiceOutMinutes: number;
  voicemailMinutes: number;
  smsIn: number;
  smsOut: number;
  billableUnits: number;
  usageType: 'domestic' | 'roaming' | 'international';
}

export type PortEligibility =
  | { eligible: true }
  | { eligible: false; reason: 'invalid_number' | 'not_portable' | 'port_in_progress' | 'already_ours' };

export type E911Validation =
  | { valid: true; address: E911Address }
  | { valid: false; problems: Array<{ field: keyof E911Address; message: string }> };

export interface Carrier {
  readonly name: string;

  // --- immediate reads and checks ------------------------------------------------------------
  lookup(iccidOrMdn: string): Promise<CarrierSim | undefined>;
  /** Loads SIM cards and eSIM profiles into inventory; returns how many were new. */
  importInventory(items: InventoryItem[]): Promise<{ added: number; skipped: number }>;
  /** Takes one unsold SIM or eSIM profile from inventory for an order; undefined when none is left. */
  reserve(kind: SimKind, reference: string): Promise<CarrierSim | undefined>;
  /** How many unsold SIM cards and eSIM profiles are left. */
  stock(): Promise<Record<SimKind, number>>;
  balances(iccid: string): Promise<Balances | undefined>;
  /** Usage records after `afterId` (the carrier's record order), oldest first, at most `limit`. */
  usage(iccid: string, afterId: string | undefined, limit: number): Promise<UsageRecord[]>;
  validatePort(mdn: string): Promise<PortEligibility>;
  validateE911(address: E911Address): Promise<E911Validation>;

  // --- state changes: acknowledged now, outcome later ------------------------------------------
  submit(request: CarrierRequest, requestId: string): Promise<CarrierAck>;
  /** The latest outcome of an earlier request (for callbacks that never arrived); undefined while unknown. */
  outcome(transactionId: string): Promise<CarrierOutcome | undefined>;
  /** Where outcomes are reported (the container registers the SIM service's handler). */
  onOutcome(handler: (outcome: CarrierOutcome) => Promise<void>): void;
}

/** The carrier did not answer in time; it may or may not have received the request. */
export class CarrierTimeoutError extends Error {
  constructor(what: string) {
    super(`carrier did not answer ${what} in time`);
    this.name = 'CarrierTimeoutError';
  }
}

/** The carrier answered with an error (not a rejection of the request itself): worth retrying. */
export class CarrierUnavailableError extends Error {
  constructor(reason: string) {
    super(`carrier error: ${reason}`);
    this.name = 'CarrierUnavailableError';
  }
}
