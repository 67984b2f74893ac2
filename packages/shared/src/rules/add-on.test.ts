import { describe, expect, it } from 'vitest';
import { addOnAmount, addOnLabel, addOnsForPlans, classifyAddOn } from './add-on.js';

const base = { name: '', kind: null, callMinutes: 0, sms: 0, bandwidth: 0 };

describe('add-on classification', () => {
  it('needs both a voice word and minutes for voice', () => {
    expect(classifyAddOn({ ...base, name: 'Voice 100', callMinutes: 100 })).toBe('voice');
    expect(classifyAddOn({ ...base, name: 'International CALL pack', callMinutes: 50 })).toBe('voice');
    expect(classifyAddOn({ ...base, name: '200 Minutes', callMinutes: 200 })).toBe('voice');
    expect(classifyAddOn({ ...base, name: '60 min', callMinutes: 60 })).toBe('voice');
    expect(classifyAddOn({ ...base, name: 'Voice', callMinutes: 0 })).toBeUndefined();
    expect(classifyAddOn({ ...base, name: 'Extra', callMinutes: 100 })).toBeUndefined();
  });

  it('needs a text word and messages for text', () => {
    expect(classifyAddOn({ ...base, name: 'Text 500', sms: 500 })).toBe('text');
    expect(classifyAddOn({ ...base, name: 'SMS bundle', sms: 100 })).toBe('text');
    expect(classifyAddOn({ ...base, name: 'SMS bundle', sms: 0 })).toBeUndefined();
  });

  it('treats any bandwidth as data, after voice and text', () => {
    expect(classifyAddOn({ ...base, name: '1GB boost', bandwidth: 1024 })).toBe('data');
    expect(classifyAddOn({ ...base, name: 'Voice + data', callMinutes: 10, bandwidth: 1024 })).toBe('voice');
    expect(classifyAddOn({ ...base, name: 'Nothing' })).toBeUndefined();
  });

  it('labels with the amount of the kind the server sent, whatever the name says', () => {
    const plain = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(addOnLabel({ ...base, kind: 'voice', callMinutes: 100 }))).toBe('100 min');
    expect(plain(addOnLabel({ ...base, kind: 'text', sms: 250 }))).toBe('250 SMS');
    expect(plain(addOnLabel({ ...base, kind: 'data', bandwidth: 512 }))).toBe('512 MB');
    expect(plain(addOnLabel({ ...base, kind: 'data', bandwidth: 2048 }))).toBe('2 GB');
    // A translated name without any of the rule's words keeps the kind classified from English.
    const translated = { ...base, name: '通话 100 分钟', kind: 'voice' as const, callMinutes: 100 };
    expect(classifyAddOn(translated)).toBeUndefined();
    expect(plain(addOnLabel(translated))).toBe('100 min');
    expect(addOnLabel({ ...base, kind: null })).toBeUndefined();
    expect(addOnAmount({ ...base, sms: 7 }, 'text')).toBe(7);
  });

  it('finds active add-ons allowed for any of the plans', () => {
    const addOns = [
      { id: 'a', isActive: true, allowedForPlans: ['p1'] },
      { id: 'b', isActive: false, allowedForPlans: ['p1'] },
      { id: 'c', isActive: true, allowedForPlans: ['p2', 'p3'] },
    ];
    expect(addOnsForPlans(addOns, ['p1']).map((a) => a.id)).toEqual(['a']);
    expect(addOnsForPlans(addOns, ['p3', 'p1']).map((a) => a.id)).toEqual(['a', 'c']);
    expect(addOnsForPlans(addOns, [])).toEqual([]);
  });
});
