import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { ShippingAddress } from '@app/shared/contracts/checkout';
import type { Invoice } from '@app/shared/contracts/invoices';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { appError } from '../../lib/errors.js';
import * as repo from './checkout.repository.js';
import { displayPhone } from '@app/shared/rules/calling-codes';

export interface CompanyLines {
  name: string;
  address: string;
  phone: string;
  email: string;
}

type InvoiceContent = Omit<Invoice, 'id' | 'number' | 'orderId' | 'date' | 'publicToken'>;

function lineDescription(l: repo.OrderLineRow): string {
  const sim = l.sim === 'physical' ? ' — SIM card' : l.sim === 'esim' ? ' — eSIM' : '';
  const period = l.periodDays ? `, ${l.periodDays} days` : '';
  return `${l.name}${sim}${period}`;
}

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/**
 * Invoices: issued once per order in the transaction that marks it paid (numbered from a sequence,
 * so numbers never repeat), frozen as issued, readable by the subscriber and by whoever holds the
 * invoice's random public token (the visitor's link). The PDF is drawn from the same record.
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly company: CompanyLines,
  ) {}

  async issue(tx: Executor, order: repo.OrderRow, paidWith: string, billToName: string): Promise<repo.InvoiceRow> {
    const existing = await repo.findInvoice(tx, { orderId: order.id });
    if (existing) return existing;
    const lines = await repo.findOrderLines(tx, [order.id]);
    const content: InvoiceContent = {
      orderNumber: order.number,
      billTo: { name: billToName || order.email, email: order.email },
      shipTo: (order.shippingAddress as ShippingAddress | null) ?? null,
      lines: lines.map((l) => ({ description: lineDescription(l), quantity: l.quantity, unitPrice: l.unitPrice, total: l.total })),
      subTotal: order.subtotal,
      simCards: order.simCards,
      shipping: order.shipping,
      taxRateBps: order.taxRateBps,
      tax: order.tax,
      surchargeBps: order.surchargeBps,
      surcharge: order.surcharge,
      total: order.total,
      currency: order.currency,
      paidWith,
      company: this.company,
    };
    const n = await repo.nextInvoiceNumber(tx);
    return repo.insertInvoice(tx, {
      number: `INV-${n}`,
      orderId: order.id,
      subscriberId: order.subscriberId,
      publicToken: randomBytes(24).toString('base64url'),
      content,
      total: order.total,
    });
  }

  toInvoice(row: repo.InvoiceRow): Invoice {
    const c = row.content as InvoiceContent;
    return { ...c, id: row.id, number: row.number, orderId: row.orderId, date: row.issuedAt.toISOString(), publicToken: row.publicToken };
  }

  async get(id: string, subscriberId: string): Promise<Invoice> {
    const row = await repo.findInvoice(this.db, { id });
    if (!row || row.subscriberId !== subscriberId) throw appError('INVOICE_NOT_FOUND');
    return this.toInvoice(row);
  }

  async getPublic(token: string): Promise<Invoice> {
    const row = token.length >= 20 ? await repo.findInvoice(this.db, { publicToken: token }) : undefined;
    if (!row) throw appError('INVOICE_NOT_FOUND');
    return this.toInvoice(row);
  }

  async list(subscriberId: string, page: number, pageSize: number) {
    const { total, rows } = await repo.listInvoices(this.db, subscriberId, page, pageSize);
    return { total, page, pageSize, data: rows.map((r) => this.toInvoice(r)) };
  }

  /** The invoice as a PDF (A4, the standard Helvetica font: no font files to ship). */
  pdf(inv: Invoice): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${inv.number}`, Author: inv.company.name } });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      const m = (c: number) => money(c, inv.currency);
      doc.fontSize(20).text(inv.company.name);
      doc.fontSize(9).fillColor('#555').text(inv.company.address).text(`${displayPhone(inv.company.phone)} · ${inv.company.email}`);
      doc.moveDown().fillColor('#000').fontSize(16).text(`Invoice ${inv.number}`);
      doc.fontSize(10).text(`Date: ${inv.date.slice(0, 10)}`).text(`Order: ${inv.orderNumber}`).text(`Paid with: ${inv.paidWith}`);
      doc.moveDown().fontSize(11).text('Bill to', { underline: true }).fontSize(10).text(inv.billTo.name).text(inv.billTo.email);
      if (inv.shipTo) {
        const s = inv.shipTo;
        doc.moveDown().fontSize(11).text('Ship to', { underline: true }).fontSize(10);
        doc.text(`${s.shippingFirstName} ${s.shippingLastName}`).text(s.shippingAddress1);
        if (s.shippingAddress2) doc.text(s.shippingAddress2);
        doc.text(`${s.shippingCity}, ${s.shippingState} ${s.shippingZipcode}`).text(s.shippingCountry).text(displayPhone(s.shippingPhoneNumber));
      }
      doc.moveDown();
      const row = (a: string, b: string, c: string, d: string) => {
        const y = doc.y;
        doc.text(a, 50, y, { width: 270 }).text(b, 330, y, { width: 40, align: 'right' }).text(c, 380, y, { width: 80, align: 'right' });
        doc.text(d, 470, y, { width: 75, align: 'right' });
        doc.moveDown(0.4);
      };
      doc.fontSize(10);
      row('Description', 'Qty', 'Unit price', 'Amount');
      for (const l of inv.lines) row(l.description, String(l.quantity), m(l.unitPrice), m(l.total));
      doc.moveDown();
      const pct = (bps: number) => `${(bps / 100).toFixed(2)} %`;
      row('Sub total', '', '', m(inv.subTotal));
      if (inv.simCards) row('SIM cards', '', '', m(inv.simCards));
      if (inv.shipping) row('Shipping', '', '', m(inv.shipping));
      row(`Tax (${pct(inv.taxRateBps)})`, '', '', m(inv.tax));
      if (inv.surcharge) row(`Surcharge (${pct(inv.surchargeBps)})`, '', '', m(inv.surcharge));
      doc.font('Helvetica-Bold');
      row('Total', '', '', m(inv.total));
      doc.end();
    });
  }
}
