import type { ProseSection } from './components/prose';

/** The legal pages: their sections, in order. Text lives in the message catalogues under these ids. */
export type LegalPageKey = 'privacy' | 'terms' | 'shipping' | 'refund' | 'deleteAccount';

export const LEGAL_PAGES: Record<LegalPageKey, { titleId: string; introId: string; updated: string; sections: ProseSection[] }> = {
  privacy: {
    titleId: 'legal.privacy.title',
    introId: 'legal.privacy.intro',
    updated: '2026-01-15',
    sections: [
      { id: 'legal.privacy.collect', paragraphs: 1, items: 5 },
      { id: 'legal.privacy.use', paragraphs: 1, items: 5 },
      { id: 'legal.privacy.share', paragraphs: 1, items: 4, after: 1 },
      { id: 'legal.privacy.retention', paragraphs: 1 },
      { id: 'legal.privacy.rights', paragraphs: 2 },
      { id: 'legal.privacy.cookies', paragraphs: 1 },
      { id: 'legal.privacy.security', paragraphs: 1 },
      { id: 'legal.privacy.contact', paragraphs: 1 },
    ],
  },
  terms: {
    titleId: 'legal.terms.title',
    introId: 'legal.terms.intro',
    updated: '2026-01-15',
    sections: [
      { id: 'legal.terms.service', paragraphs: 2 },
      { id: 'legal.terms.account', paragraphs: 1 },
      { id: 'legal.terms.plans', paragraphs: 2 },
      { id: 'legal.terms.fairUse', paragraphs: 1, items: 4 },
      { id: 'legal.terms.payments', paragraphs: 2 },
      { id: 'legal.terms.numbers', paragraphs: 1 },
      { id: 'legal.terms.emergency', paragraphs: 1 },
      { id: 'legal.terms.liability', paragraphs: 1 },
      { id: 'legal.terms.changes', paragraphs: 1 },
      { id: 'legal.terms.contact', paragraphs: 1 },
    ],
  },
  shipping: {
    titleId: 'legal.shipping.title',
    introId: 'legal.shipping.intro',
    updated: '2026-01-15',
    sections: [
      { id: 'legal.shipping.times', paragraphs: 1, items: 2, after: 1 },
      { id: 'legal.shipping.costs', paragraphs: 1 },
      { id: 'legal.shipping.tracking', paragraphs: 1 },
      { id: 'legal.shipping.address', paragraphs: 1 },
      { id: 'legal.shipping.lost', paragraphs: 1 },
      { id: 'legal.shipping.esim', paragraphs: 1 },
    ],
  },
  refund: {
    titleId: 'legal.refund.title',
    introId: 'legal.refund.intro',
    updated: '2026-01-15',
    sections: [
      { id: 'legal.refund.eligible', paragraphs: 1, items: 3 },
      { id: 'legal.refund.request', paragraphs: 1, items: 3 },
      { id: 'legal.refund.processing', paragraphs: 1 },
      { id: 'legal.refund.defective', paragraphs: 1 },
    ],
  },
  deleteAccount: {
    titleId: 'legal.deleteAccount.title',
    introId: 'legal.deleteAccount.intro',
    updated: '2026-01-15',
    sections: [
      { id: 'legal.deleteAccount.how', paragraphs: 1, items: 4 },
      { id: 'legal.deleteAccount.effects', paragraphs: 1, items: 4 },
      { id: 'legal.deleteAccount.kept', paragraphs: 1 },
      { id: 'legal.deleteAccount.help', paragraphs: 1 },
    ],
  },
};
