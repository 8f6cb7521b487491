import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { companies } from '../modules/companies/tables.ts';
import { demoAccounts, demoCompanies, seedDemoData } from './seed.ts';

const ctx = useTestApp();

const contactOf = async (creditCode: string) => {
  const [row] = await ctx.app.db
    .select({ name: companies.contactName, phone: companies.contactPhone })
    .from(companies)
    .where(eq(companies.creditCode, creditCode));
  return row;
};
const [enterprise, institution] = demoCompanies;
const phoneOf = (name: string) => demoAccounts.find((a) => a.name === name)?.phone;

describe('demo companies', () => {
  it('each has its own contact: the enterprise its administrator qiye, the institution its administrator jigou', async () => {
    expect(await contactOf(enterprise.creditCode)).toEqual({ name: '王经理', phone: phoneOf('qiye') });
    expect(await contactOf(institution.creditCode)).toEqual({ name: '刘主任', phone: phoneOf('jigou') });
  });

  it("a demo database whose institution still has the enterprise's contact gets its own; one changed by hand keeps it", async () => {
    await ctx.app.db
      .update(companies)
      .set({ contactName: '王经理', contactPhone: '13800000001' })
      .where(eq(companies.creditCode, institution.creditCode));
    await ctx.app.db
      .update(companies)
      .set({ contactName: '赵会计', contactPhone: '13911112222' })
      .where(eq(companies.creditCode, enterprise.creditCode));
    await seedDemoData(ctx.app.db);
    expect(await contactOf(institution.creditCode)).toEqual({ name: '刘主任', phone: phoneOf('jigou') });
    expect(await contactOf(enterprise.creditCode)).toEqual({ name: '赵会计', phone: '13911112222' });
  });
});
