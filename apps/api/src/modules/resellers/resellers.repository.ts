import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { resellers } from '../../db/schema/catalogue.js';

export async function findResellerByCode(exec: Executor, code: string): Promise<{ code: string; isActive: boolean } | undefined> {
  const [row] = await exec
    .select({ code: resellers.code, isActive: resellers.isActive })
    .from(resellers)
    .where(eq(resellers.code, code))
    .limit(1);
  return row;
}
