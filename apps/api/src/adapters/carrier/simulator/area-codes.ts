import { stateForZip } from '../../../modules/network-coverage/zip-states.js';

/**
 * A few real area codes per state, so a number assigned at activation looks local to the ZIP given
 * (the simulator picks one of the state's codes by the ZIP, so nearby ZIPs tend to share one).
 */
const AREA_CODES: Record<string, readonly number[]> = {
  AL: [205, 251, 256, 334], AK: [907], AZ: [480, 520, 602, 623, 928], AR: [479, 501, 870],
  CA: [213, 310, 415, 510, 619, 626, 714, 818, 909, 916], CO: [303, 719, 720, 970], CT: [203, 860],
  DE: [302], DC: [202], FL: [305, 321, 407, 561, 727, 786, 813, 904, 954], GA: [229, 404, 470, 678, 706, 770, 912],
  HI: [808], ID: [208], IL: [217, 309, 312, 618, 630, 708, 773, 847], IN: [219, 260, 317, 812],
  IA: [319, 515, 563, 712], KS: [316, 620, 785, 913], KY: [270, 502, 606, 859], LA: [225, 318, 337, 504, 985],
  ME: [207], MD: [240, 301, 410, 443], MA: [413, 508, 617, 781, 978], MI: [231, 248, 313, 517, 586, 616, 734, 810],
  MN: [218, 320, 507, 612, 651, 763, 952], MS: [228, 601, 662], MO: [314, 417, 573, 636, 816], MT: [406],
  NE: [308, 402], NV: [702, 775], NH: [603], NJ: [201, 609, 732, 856, 908, 973], NM: [505, 575],
  NY: [212, 315, 347, 516, 518, 585, 607, 631, 646, 716, 718, 845, 914, 917], NC: [252, 336, 704, 828, 910, 919],
  ND: [701], OH: [216, 330, 419, 513, 614, 740, 937], OK: [405, 580, 918], OR: [503, 541, 971],
  PA: [215, 267, 412, 484, 570, 610, 717, 814], RI: [401], SC: [803, 843, 864], SD: [605],
  TN: [423, 615, 731, 865, 901, 931], TX: [210, 214, 254, 281, 361, 409, 512, 713, 806, 817, 903, 915, 972],
  UT: [385, 435, 801], VT: [802], VA: [276, 434, 540, 571, 703, 757, 804], WA: [206, 253, 360, 425, 509],
  WV: [304], WI: [262, 414, 608, 715, 920], WY: [307], PR: [787, 939], VI: [340], GU: [671], AS: [684], MP: [670],
};

/** An area code for the ZIP's state (the ZIP's digits choose among them), or 212 when unknown. */
export function areaCodeForZip(zip: string): number {
  const state = stateForZip(zip);
  const codes = (state && AREA_CODES[state]) || [212];
  return codes[Number(zip.slice(0, 3)) % codes.length]!;
}

export function isUsStateCode(code: string): boolean {
  return Object.hasOwn(AREA_CODES, code);
}
