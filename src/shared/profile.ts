/** GET /api/system/profile/{adminId} (SPEC §3 "Profile"). */
export interface Profile {
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  region: string | null;
  office: string | null;
  isApprover: 'Y' | 'N';
  isCreator: 'Y' | 'N';
  isUploader: 'Y' | 'N';
  connectedDataTypes: { groupName: string; member: { name: string }[] }[];
  connectedCountries: { groupCode: string; member: { code: string; name: string }[] }[];
}

/** SPEC §3 tree node: regions are branches, countries their leaves. */
export interface TreeNode {
  key: string;
  label: string;
  children: TreeNode[];
}

/** GET /api/system/connected-data: what a dataset connection is chosen from. */
export interface ConnectedDataOptions {
  advertisers: { code: string; name: string }[];
  countryTree: TreeNode[];
}
