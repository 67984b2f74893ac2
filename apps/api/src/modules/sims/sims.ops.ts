import { readFile } from 'node:fs/promises';
import type { OpsCommand } from '../../ops/commands.js';
import { parseInventoryCsv } from './inventory-import.js';

/** `npm run ops -- sims import <file.csv>`: loads SIM cards and eSIM profiles into the carrier's inventory. */
export const simsImportCommand: OpsCommand = {
  name: 'sims import',
  usage: '<file.csv>  load ICCIDs (physical) and eSIM profiles: columns iccid,kind[,esn,smdp_address,matching_id]',
  async run(container, args, out) {
    const file = args[0];
    if (!file) throw new Error('give the CSV file to import');
    const { items, problems } = parseInventoryCsv(await readFile(file, 'utf8'));
    for (const p of problems) out.line(`line ${p.line}: ${p.problem}`);
    const { added, skipped } = await container.adapters.carrier.importInventory(items);
    const stock = await container.adapters.carrier.stock();
    out.line(`${added} added, ${skipped} already in inventory, ${problems.length} refused`);
    out.line(`in stock now: ${stock.physical} SIM cards, ${stock.esim} eSIM profiles`);
    if (problems.length) throw new Error(`${problems.length} line(s) were not loaded`);
  },
};

/** `npm run ops -- sims stock`: what is left to sell. */
export const simsStockCommand: OpsCommand = {
  name: 'sims stock',
  usage: 'SIM cards and eSIM profiles left in inventory',
  async run(container, _args, out) {
    const stock = await container.adapters.carrier.stock();
    out.table([{ kind: 'physical', available: stock.physical }, { kind: 'esim', available: stock.esim }]);
  },
};
