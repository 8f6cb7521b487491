import { z } from 'zod';

const county = z.object({ _id: z.string(), code: z.string(), name: z.string() });
const city = county.extend({ county: z.array(county) });
const province = county.extend({ city: z.array(city) });

/** `data` of `GET /api/area/info`: provinces carry `city`, cities carry `county` (spec §3). */
export const regionTree = z.array(province);

/** One region of that tree, at any level. */
export type Region = z.infer<typeof county> & { city?: Region[]; county?: Region[] };
