import { z } from 'zod';
import { yesNo } from './fields';
import { envelopeOf } from './envelope';

/** GET /api/system/profile/{adminId}. */
export const profileSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  region: z.string().nullable(),
  office: z.string().nullable(),
  /** The codes of the three names above, so a screen can name them in its reader's language. */
  companyCode: z.string().nullable(),
  regionCode: z.string().nullable(),
  officeCode: z.string().nullable(),
  isApprover: yesNo,
  isCreator: yesNo,
  isUploader: yesNo,
  connectedDataTypes: z.array(z.object({ groupName: z.string(), member: z.array(z.object({ code: z.string(), name: z.string() })) })),
  connectedCountries: z.array(z.object({ groupCode: z.string(), groupName: z.string(), member: z.array(z.object({ code: z.string(), name: z.string() })) })),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponse = envelopeOf(profileSchema);

/** A tree node of the connected countries: regions are branches, countries their leaves. */
export const treeNodeSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    get children(): z.ZodArray<typeof treeNodeSchema> {
      return z.array(treeNodeSchema);
    },
  })
  .meta({ id: 'TreeNode' }); // recursive: the API document names it once, as a component its $refs point at
export type TreeNode = z.infer<typeof treeNodeSchema>;

/** GET /api/system/connected-data: what a dataset connection is chosen from. */
export const connectedDataOptionsSchema = z.object({
  advertisers: z.array(z.object({ code: z.string(), name: z.string() })),
  countryTree: z.array(treeNodeSchema),
});
export type ConnectedDataOptions = z.infer<typeof connectedDataOptionsSchema>;
export const connectedDataOptionsResponse = envelopeOf(connectedDataOptionsSchema);
