import { catalogueTranslationsCommand } from '../modules/catalogue/catalogue.ops.js';
import { orderOpsCommands } from '../modules/checkout/checkout.ops.js';
import { simsImportCommand, simsStockCommand } from '../modules/sims/sims.ops.js';
import { registerOpsCommands } from './commands.js';

// Each feature's operator commands: add an import and its list here.
registerOpsCommands(...orderOpsCommands, simsImportCommand, simsStockCommand, catalogueTranslationsCommand);
